/// Degrading colours for terminals that have fewer.
enum ColorMath {
    /// The nearest colour of the 6×6×6 cube or the grey ramp of the 256-colour palette.
    static func indexed(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        func level(_ value: UInt8) -> Int { value < 48 ? 0 : value < 115 ? 1 : (Int(value) - 35) / 40 }
        let cube = 16 + 36 * level(r) + 6 * level(g) + level(b)
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let grey = average > 238 ? 255 : 232 + max(0, (average - 3) / 10)
        let levels = [0, 95, 135, 175, 215, 255]
        let cubeRGB = (levels[level(r)], levels[level(g)], levels[level(b)])
        let greyValue = 8 + (grey - 232) * 10
        let cubeDistance = distance((Int(r), Int(g), Int(b)), cubeRGB)
        let greyDistance = distance((Int(r), Int(g), Int(b)), (greyValue, greyValue, greyValue))
        return UInt8(greyDistance < cubeDistance ? grey : cube)
    }

    /// The nearest of the 16 basic colours.
    static func basic(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        let palette: [(Int, Int, Int)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
            (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        let target = (Int(r), Int(g), Int(b))
        let index = palette.indices.min { distance(palette[$0], target) < distance(palette[$1], target) } ?? 7
        return UInt8(index)
    }

    static func basic(fromIndexed index: UInt8) -> UInt8 {
        if index < 16 { return index }
        let (r, g, b) = rgb(ofIndexed: index)
        return basic(r: r, g: g, b: b)
    }

    static func rgb(ofIndexed index: UInt8) -> (UInt8, UInt8, UInt8) {
        if index >= 232 {
            let value = UInt8(8 + (Int(index) - 232) * 10)
            return (value, value, value)
        }
        let cube = Int(index) - 16
        let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
        return (levels[cube / 36], levels[(cube / 6) % 6], levels[cube % 6])
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        (a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)
    }
}
