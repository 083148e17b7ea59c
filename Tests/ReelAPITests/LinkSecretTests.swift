import Foundation
@testable import ReelServer
import ReelStorage
import XCTest

/// A link secret kept in the data directory that cannot be used stops the start with a message
/// naming the file and what is wrong with it: never Foundation's "The file isn't in the correct
/// format", which is what an unreadable file used to give.
///
/// The tests run as root, which reads a file of mode 000 all the same, so the cases here are those
/// that hold for root too: a directory in the file's place, a file too short, a file not text.
/// A permission problem itself is tested only when the tests run as another user; its wording is
/// checked from the facts it is made of.
final class LinkSecretTests: XCTestCase {
    func data() throws -> DataDirectory {
        let root = NSTemporaryDirectory() + "reel-link-secret-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        return DataDirectory(root: root)
    }

    func problem(_ data: DataDirectory, file: StaticString = #filePath, line: UInt = #line) -> LinkSecretError? {
        do {
            let secret = try LinkSecret.resolve(nil, in: data)
            XCTFail("a secret of \(secret.count) bytes was used", file: file, line: line)
            return nil
        } catch let e as LinkSecretError {
            XCTAssertTrue(e.description.hasPrefix("link secret \(data.linkSecretFile) "), e.description, file: file, line: line)
            return e
        } catch {
            XCTFail("expected a LinkSecretError, got \(error)", file: file, line: line)
            return nil
        }
    }

    func testADirectoryInTheFilesPlaceIsNamed() throws {
        let data = try data()
        try FileManager.default.createDirectory(atPath: data.linkSecretFile, withIntermediateDirectories: false)
        let e = try XCTUnwrap(problem(data))
        XCTAssertEqual(e.problem, .directory)
        XCTAssertTrue(e.description.contains("is a directory, not a file"), e.description)
        XCTAssertFalse(e.description.contains("correct format"), e.description)
    }

    func testAFileTooShortSaysHowLongItIsAndShouldBe() throws {
        let data = try data()
        try Data("0123456789ab\n".utf8).write(to: URL(fileURLWithPath: data.linkSecretFile))
        let e = try XCTUnwrap(problem(data))
        XCTAssertEqual(e.problem, .tooShort(bytes: 12))
        XCTAssertTrue(e.description.contains("holds 12 bytes"), e.description)
        XCTAssertTrue(e.description.contains("at least 32"), e.description)
        XCTAssertEqual(try String(contentsOfFile: data.linkSecretFile, encoding: .utf8), "0123456789ab\n", "the file is left as it was")
    }

    /// White space is not a secret: 40 spaces would otherwise sign every link with an empty key.
    func testWhiteSpaceIsNotASecret() throws {
        let data = try data()
        try Data(String(repeating: " ", count: 40).utf8).write(to: URL(fileURLWithPath: data.linkSecretFile))
        XCTAssertEqual(try XCTUnwrap(problem(data)).problem, .tooShort(bytes: 0))
    }

    func testBytesThatAreNotTextAreNamed() throws {
        let data = try data()
        try Data([UInt8](repeating: 0xFF, count: 64)).write(to: URL(fileURLWithPath: data.linkSecretFile))
        let e = try XCTUnwrap(problem(data))
        XCTAssertEqual(e.problem, .notText)
        XCTAssertTrue(e.description.contains("not text"), e.description)
    }

    /// The secret written at the first start is read back at the next, and one written by hand
    /// (any text of 32 bytes or more) is used as it is, without the white space at its ends.
    func testAKeptSecretIsReadBack() throws {
        let data = try data()
        let made = try LinkSecret.resolve(nil, in: data)
        XCTAssertEqual(made.count, 64)
        XCTAssertEqual(try LinkSecret.resolve(nil, in: data), made)
        try Data("  a secret shared by every node of the cluster  \n".utf8).write(to: URL(fileURLWithPath: data.linkSecretFile))
        XCTAssertEqual(try LinkSecret.resolve(nil, in: data), Array("a secret shared by every node of the cluster".utf8))
    }

    /// As root the file is read whatever its mode, so the permission case runs only as another
    /// user; its wording, from the facts it is made of, is checked always.
    func testAPermissionProblemSaysWhoRunsTheServerAndWhoOwnsTheFile() throws {
        let owner = LinkSecretError.Ownership(uid: 0, gid: 0, mode: 0o600)
        let text = LinkSecretError(path: "/data/link-secret", problem: .unreadable(errno: EACCES, file: owner)).description
        XCTAssertTrue(text.hasPrefix("link secret /data/link-secret cannot be read: permission denied (the server runs as uid \(geteuid())"), text)
        XCTAssertTrue(text.contains("the file is owned by uid 0, gid 0, mode 0600"), text)
        let folder = LinkSecretError(path: "/data/link-secret", problem: .uncreatable(errno: EACCES, folder: .init(uid: 0, gid: 0, mode: 0o755)))
        XCTAssertTrue(folder.description.contains("cannot be created: permission denied"), folder.description)
        XCTAssertTrue(folder.description.contains("the data directory is owned by uid 0, gid 0, mode 0755"), folder.description)

        guard geteuid() != 0 else { return }
        let data = try data()
        try Data(String(repeating: "s", count: 64).utf8).write(to: URL(fileURLWithPath: data.linkSecretFile))
        XCTAssertEqual(chmod(data.linkSecretFile, 0), 0)
        let e = try XCTUnwrap(problem(data))
        guard case .unreadable(EACCES, _) = e.problem else { return XCTFail("\(e)") }
        XCTAssertTrue(e.description.contains("mode 0000"), e.description)
    }

    /// `reel serve` itself: it does not start, and says which file and what is wrong.
    func testTheServerDoesNotStartAndSaysWhy() throws {
        let root = NSTemporaryDirectory() + "reel-link-secret-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/data/link-secret", withIntermediateDirectories: true)
        XCTAssertThrowsError(try ServerProcess(root: root)) { error in
            let said = (error as NSError).userInfo[NSLocalizedDescriptionKey] as? String ?? "\(error)"
            XCTAssertTrue(said.contains("cannot start: link secret \(root)/data/link-secret is a directory, not a file"), said)
            XCTAssertFalse(said.contains("correct format"), said)
        }
    }
}
