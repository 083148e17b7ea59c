import Foundation

/// Why the link secret kept in the data directory cannot be used: the file and what exactly is
/// wrong with it (a permission, a directory in its place, a file too short to be a secret), so the
/// operator knows what to fix. A server that cannot sign links does not start.
struct LinkSecretError: Error, CustomStringConvertible, Equatable {
    enum Problem: Equatable {
        /// There is no file (the server makes one; never the reason start-up fails).
        case missing
        /// Opening or reading it failed with `errno`; `file`: its owner and mode, when known.
        case unreadable(errno: Int32, file: Ownership?)
        /// A directory is where the file should be.
        case directory
        /// A device, socket or pipe is where the file should be.
        case notAFile
        /// It holds `bytes` (besides white space at its ends), fewer than `LinkSecret.minimumBytes`.
        case tooShort(bytes: Int)
        /// It is larger than any secret (`LinkSecret.maximumBytes`).
        case tooLong(bytes: Int)
        /// Its bytes are not UTF-8 text.
        case notText
        /// A new secret could not be created in the data directory (`folder`: its owner and mode).
        case uncreatable(errno: Int32, folder: Ownership?)
        /// Writing a new secret failed (errno 0: only a part of it was written).
        case unwritable(errno: Int32)
    }

    /// Who owns a file and its permission bits: with the server's own ids, what a permission
    /// problem is made of.
    struct Ownership: Equatable {
        let uid: UInt32
        let gid: UInt32
        let mode: UInt32

        init(uid: UInt32, gid: UInt32, mode: UInt32) {
            self.uid = uid
            self.gid = gid
            self.mode = mode
        }

        init?(of path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            self.init(uid: UInt32(info.st_uid), gid: UInt32(info.st_gid), mode: UInt32(info.st_mode) & 0o7777)
        }

        /// "uid 0, gid 0, mode 0600".
        var text: String {
            let octal = String(mode, radix: 8)
            return "uid \(uid), gid \(gid), mode \(String(repeating: "0", count: max(0, 4 - octal.count)) + octal)"
        }
    }

    let path: String
    let problem: Problem

    /// True for a file another node may be writing this moment (absent, or still short); any
    /// other problem stays as it is.
    var mayBeBeingWritten: Bool {
        switch problem {
        case .missing, .tooShort: return true
        default: return false
        }
    }

    /// What to do when the file itself is wrong. Links signed with the old secret stop working
    /// when the server makes a new one, so that is said.
    static let replace = "replace it with the secret the other nodes use, or remove it and the server makes a new one "
        + "(links signed before stop working); or set linkSecret (REEL_LINK_SECRET)"

    var description: String {
        let file = "link secret \(path)"
        switch problem {
        case .missing:
            return "\(file) does not exist"
        case let .unreadable(e, owner):
            return "\(file) cannot be read: " + Self.explain(e, owner.map { "the file is owned by \($0.text)" })
                + (Self.isPermission(e) ? "; let the server's user read it, or set linkSecret (REEL_LINK_SECRET)" : "")
        case .directory:
            return "\(file) is a directory, not a file: remove it and the server makes a new secret, "
                + "or put the secret the other nodes use there; or set linkSecret (REEL_LINK_SECRET)"
        case .notAFile:
            return "\(file) is not a regular file (a device, socket or pipe): " + Self.replace
        case let .tooShort(bytes):
            return "\(file) holds \(bytes) bytes (besides white space at its ends); a link secret has at least "
                + "\(LinkSecret.minimumBytes) (the server writes 64 hex digits): " + Self.replace
        case let .tooLong(bytes):
            return "\(file) holds \(bytes) bytes, more than a link secret ever has (at most \(LinkSecret.maximumBytes); "
                + "the server writes 64): it is another file; " + Self.replace
        case .notText:
            return "\(file) is not text (its bytes are not UTF-8); a link secret is text of at least "
                + "\(LinkSecret.minimumBytes) bytes (the server writes 64 hex digits): " + Self.replace
        case let .uncreatable(e, folder):
            return "\(file) cannot be created: " + Self.explain(e, folder.map { "the data directory is owned by \($0.text)" })
        case let .unwritable(e):
            return "\(file) cannot be written: " + (e == 0 ? "only a part of it was written (is the disk full?)" : Self.words(e))
        }
    }

    static func isPermission(_ e: Int32) -> Bool { e == EACCES || e == EPERM }

    /// The errno's words; for a permission, who the server runs as and who owns the file.
    static func explain(_ e: Int32, _ owner: String?) -> String {
        guard isPermission(e) else { return words(e) }
        let facts = ["the server runs as uid \(geteuid()), gid \(getegid())", owner].compactMap { $0 }.joined(separator: "; ")
        return "\(words(e)) (\(facts))"
    }

    /// strerror's words, lower-cased for the middle of a sentence: "permission denied".
    static func words(_ e: Int32) -> String {
        let s = String(cString: strerror(e))
        return s.prefix(1).lowercased() + s.dropFirst()
    }
}
