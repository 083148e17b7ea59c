import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The text of every element of a small XML answer (an S3 error, an upload id, a listing page),
/// in document order with the names of its enclosing elements: `ListBucketResult/Contents/Key`.
struct XMLFields {
    private(set) var fields: [(path: String, text: String)] = []

    init(_ bytes: [UInt8]) {
        let reader = Reader()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = reader
        _ = parser.parse()
        fields = reader.fields
    }

    /// The first text at a path ending in `suffix` (`Code`, `Contents/Key`).
    func first(_ suffix: String) -> String? { fields.first { $0.path == suffix || $0.path.hasSuffix("/" + suffix) }?.text }

    /// Every text at a path ending in `suffix`, in order.
    func all(_ suffix: String) -> [String] { fields.filter { $0.path == suffix || $0.path.hasSuffix("/" + suffix) }.map(\.text) }

    private final class Reader: NSObject, XMLParserDelegate {
        var stack: [String] = []
        var text = ""
        var fields: [(path: String, text: String)] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            stack.append(name)
            text = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            fields.append((stack.joined(separator: "/"), text))
            stack.removeLast()
            text = ""
        }
    }
}
