import CFFmpeg
import Foundation
@testable import ReelEngine
import XCTest

/// Chunk packet files: written and read back field for field with their stream index, a first-
/// version file (no stream index, as a chunk rendered before the upgrade left it) still read, and
/// a file that ends inside a packet or is not one refused.
final class PacketFileTests: XCTestCase {
    func packet(pts: Int64, stream: Int32, bytes: [UInt8]) throws -> Packet {
        let p = Packet()
        try FFmpegError.check(av_new_packet(p.pointer, Int32(bytes.count)), "av_new_packet", "test")
        p.pointer.pointee.data.update(from: bytes, count: bytes.count)
        p.pointer.pointee.pts = pts
        p.pointer.pointee.dts = pts - 1
        p.pointer.pointee.duration = 3
        p.pointer.pointee.flags = pts == 0 ? AV_PKT_FLAG_KEY : 0
        p.pointer.pointee.stream_index = stream
        return p
    }

    func read(_ path: String) throws -> [(pts: Int64, dts: Int64, duration: Int64, flags: Int32, stream: Int32, bytes: [UInt8])] {
        let reader = try PacketFileReader(path: path)
        var out: [(Int64, Int64, Int64, Int32, Int32, [UInt8])] = []
        while let p = try reader.next() {
            let q = p.pointer.pointee
            out.append((q.pts, q.dts, q.duration, q.flags, q.stream_index, Array(UnsafeBufferPointer(start: q.data, count: Int(q.size)))))
        }
        return out
    }

    func testPacketsComeBackWithTheirStreamAndFirstVersionFilesStillRead() throws {
        let dir = NSTemporaryDirectory() + "reel-packets-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let writer = try PacketFileWriter(path: dir + "/v2.packets")
        try writer.write(try packet(pts: 0, stream: 0, bytes: [1, 2, 3]))
        try writer.write(try packet(pts: 0, stream: 1, bytes: [4, 5]))
        try writer.write(try packet(pts: 1, stream: 1, bytes: []))
        try writer.finish()
        let back = try read(dir + "/v2.packets")
        XCTAssertEqual(back.map(\.stream), [0, 1, 1])
        XCTAssertEqual(back.map(\.bytes), [[1, 2, 3], [4, 5], []])
        XCTAssertEqual(back.map(\.pts), [0, 0, 1])
        XCTAssertEqual(back.map(\.dts), [-1, -1, 0])
        XCTAssertEqual(back.map(\.duration), [3, 3, 3])
        XCTAssertEqual(back.map(\.flags), [AV_PKT_FLAG_KEY, AV_PKT_FLAG_KEY, 0])

        // A first-version file: five fields a packet, no stream index.
        var v1 = Data("reel-packets-1\n".utf8)
        for (pts, bytes) in [(Int64(0), [UInt8]([9, 8])), (1, [7])] {
            for v in [pts, pts, 3, Int64(pts == 0 ? AV_PKT_FLAG_KEY : 0), Int64(bytes.count)] { withUnsafeBytes(of: v.littleEndian) { v1.append(contentsOf: $0) } }
            v1.append(contentsOf: bytes)
        }
        try v1.write(to: URL(fileURLWithPath: dir + "/v1.packets"))
        let old = try read(dir + "/v1.packets")
        XCTAssertEqual(old.map(\.bytes), [[9, 8], [7]])
        XCTAssertEqual(old.map(\.stream), [0, 0])
        XCTAssertEqual(old.map(\.pts), [0, 1])

        // Cut inside a packet, or not a packet file at all.
        try Data(try Data(contentsOf: URL(fileURLWithPath: dir + "/v2.packets")).dropLast(1)).write(to: URL(fileURLWithPath: dir + "/cut.packets"))
        XCTAssertThrowsError(try read(dir + "/cut.packets")) { XCTAssertTrue($0 is PacketFileReader.Damaged, "\($0)") }
        try Data("reel-packets-9\n".utf8).write(to: URL(fileURLWithPath: dir + "/other.packets"))
        XCTAssertThrowsError(try read(dir + "/other.packets")) { XCTAssertTrue($0 is PacketFileReader.Damaged, "\($0)") }
    }
}
