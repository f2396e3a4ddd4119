/// What `courier --version` prints. Bumped with each release; tests only ask that it is there.
let courierVersion = "0.1.0"
