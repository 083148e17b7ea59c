import ReelS3

/// Which account signs a copy to a destination: the `storageProfiles` entry it names, or, without
/// one, the server's own bucket storage. One rule for the API, which refuses a spec whose
/// destination could never be signed, and for the deliverer, which signs with it.
public struct DestinationAccounts: Sendable {
    public let profiles: [String: S3Account]
    /// The server's storage account; nil when outputs are kept on local disk.
    public let storage: S3Account?

    public init(profiles: [String: S3Account], storage: S3Account?) {
        self.profiles = profiles
        self.storage = storage
    }

    /// The account for `profile`, or why there is none.
    public func account(for profile: String?) -> Result<S3Account, S3Account.Refusal> {
        if let profile {
            if let account = profiles[profile] { return .success(account) }
            let known = profiles.keys.sorted()
            return .failure(S3Account.Refusal(description: "names the profile \"\(profile)\", which this server does not have (storageProfiles: "
                + (known.isEmpty ? "none" : known.joined(separator: ", ")) + ")"))
        }
        if let storage { return .success(storage) }
        return .failure(S3Account.Refusal(description: "is required: this server keeps outputs on local disk, so it has no bucket "
            + "credentials of its own; name an entry of storageProfiles"))
    }
}
