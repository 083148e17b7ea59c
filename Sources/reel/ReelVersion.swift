/// The release this binary is: `reel --version` prints it. It is the version of the API contract
/// the binary serves, so `openapi.yaml`'s `info.version` carries the same number (a test holds them
/// together); bump both when the contract changes.
enum ReelVersion {
    static let current = "1.0.0"
}
