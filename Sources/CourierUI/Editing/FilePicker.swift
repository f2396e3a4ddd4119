// MARK: - The file picker: files near the request, or any folder typed (relative, absolute, `~`)

extension ExplorerState {
    /// What the file picker's title says.
    static let filePickerTitle = "Attach a file · type a folder/ to browse (../, /, ~/)"

    /// The files near the request arrived: the picker opens on them; a path can be typed anyway.
    mutating func filesListed(_ files: [String]) {
        guard case .file = palettePurpose, editor != nil else { return }
        palette = Palette(candidates: files, title: Self.filePickerTitle, acceptsTypedText: true)
        if files.isEmpty { status = "no files beside the request; type a path, or a folder/ to browse it" }
    }

    /// A folder typed in the picker was listed: its entries replace the candidates, unless the
    /// typing moved on since.
    mutating func folderListed(typed: String, folder: String, entries: [String]?) {
        guard case .file = palettePurpose, var picker = palette, picker.field.text == typed else { return }
        guard let entries else {
            status = "cannot list '\(typed)': no such folder"
            return
        }
        if folder != typed { picker.setQuery(folder) }
        picker.replaceCandidates(entries)
        palette = picker
        status = "\(folder): \(entries.count) entr\(entries.count == 1 ? "y" : "ies")"
    }

    /// A key in the file picker: typing a path that ends in `/` lists that folder;
    /// choosing a folder goes into it; choosing a file attaches it.
    mutating func filePickerKey(_ key: Key, part: Int?) -> [Effect] {
        guard var picker = palette, let id = editor?.id else {
            palette = nil
            return []
        }
        let before = picker.field.text
        let outcome = picker.handle(key)
        palette = picker
        switch outcome {
        case .cancelled:
            palette = nil
        case .chose(let choice) where choice.hasSuffix("/") || choice == "~":
            let folder = choice == "~" ? "~/" : choice
            palette?.setQuery(folder)
            return [.browseFiles(requestId: id, folder: folder)]
        case .chose(let choice):
            palette = nil
            attach(choice, part: part)
        case .pending:
            let text = picker.field.text
            if key == .ctrl("c") { palette = nil }
            // `~` alone waits for its `/`: listing it at once would race the slash being typed.
            if text != before, text.hasSuffix("/") { return [.browseFiles(requestId: id, folder: text)] }
        }
        return []
    }

    /// Puts `path` in the multipart part at `part`, or makes it the file body.
    mutating func attach(_ path: String, part: Int?) {
        if let part {
            editor?.update(.multipart, part) { $0.value = "@" + path }
        } else {
            editor?.draft.body = .file(path)
        }
        status = "attached \(path)"
    }
}
