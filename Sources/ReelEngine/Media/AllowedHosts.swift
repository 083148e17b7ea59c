import Foundation

/// The hosts whose http(s) URLs this server may reach (`allowedHosts`): the sources it reads and the
/// webhooks it posts to are judged by this one rule. A host matches exactly, case-insensitively (no
/// wildcards, no subdomains); an empty list allows no URL at all; credentials in a URL are refused.
public struct AllowedHosts: Sendable, Equatable {
    /// Lowercased.
    public let hosts: [String]

    public init(_ hosts: [String]) { self.hosts = hosts.map { $0.lowercased() } }

    /// Why `url` may not be reached, or nil: it must be `http` or `https` with a host of the list
    /// and no user or password. The reason names the setting, for an error message.
    public func refusal(_ url: String) -> String? {
        guard let c = URLComponents(string: url), let scheme = c.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = c.host?.lowercased(), !host.isEmpty else {
            return "is not a valid http(s) URL"
        }
        guard hosts.contains(host) else {
            return hosts.isEmpty ? "is a URL, and this configuration allows no URL hosts (allowedHosts)"
                                 : "is on host \(host), which this configuration does not allow (allowedHosts)"
        }
        guard c.user == nil, c.password == nil else { return "carries credentials in the URL" }
        return nil
    }
}
