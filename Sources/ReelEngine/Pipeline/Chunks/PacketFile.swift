import CFFmpeg
import Foundation
import ReelStorage

/// An encoder's packets stored as they came out (pts, dts, duration, flags, bytes), for a chunk's
/// video or the whole output's audio, so the join copies them into the final file unchanged.
///
/// Not a media container: a container's demuxer may shift timestamps (edit lists, B-frame delay)
/// or drop packets, and the join needs exactly the encoder's timestamps back. The format is a
/// magic line and then, per packet, six little-endian Int64 (pts, dts, duration, flags, size, stream
/// index: an HLS chunk holds every rendition's packets, each rendition a stream) and the bytes.
/// Written under a hidden name and renamed when complete, like an output. The reader also takes
/// the first version's files (five fields, every packet of stream 0), which a chunked job's pieces
/// rendered before an upgrade still are.
final class PacketFileWriter {
    static let magic = Array("reel-packets-2\n".utf8)
    static let firstMagic = Array("reel-packets-1\n".utf8)
    let path: String
    private let temp: String
    private let handle: FileHandle
    private var buffer = Data()
    private var closed = false

    init(path: String) throws {
        self.path = path
        temp = PartialName.path(beside: path)
        guard FileManager.default.createFile(atPath: temp, contents: Data(PacketFileWriter.magic)) else {
            throw SystemCallError(call: "open", errno: errno == 0 ? EIO : errno, doing: "creating \(temp)")
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: temp))
        try handle.seekToEnd()
    }

    deinit {
        if !closed {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: temp)
        }
    }

    /// Writes a file of no packets at `path`: an output's piece of a chunk that lies outside its
    /// range (a job with `outputs` of different ranges), which its join reads past like any.
    static func empty(at path: String) throws {
        try PacketFileWriter(path: path).finish()
    }

    /// Appends one packet.
    func write(_ packet: Packet) throws {
        let p = packet.pointer.pointee
        for v in [p.pts, p.dts, p.duration, Int64(p.flags), Int64(p.size), Int64(p.stream_index)] {
            withUnsafeBytes(of: v.littleEndian) { buffer.append(contentsOf: $0) }
        }
        if p.size > 0, let data = p.data { buffer.append(data, count: Int(p.size)) }
        if buffer.count >= 1 << 20 { try flush() }
    }

    private func flush() throws {
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered, syncs and moves the file into place.
    func finish() throws {
        try flush()
        try handle.synchronize()
        try handle.close()
        closed = true
        guard rename(temp, path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(atPath: temp)
            throw SystemCallError(call: "rename", errno: code, doing: "moving \(path) into place")
        }
    }
}

/// Reads a `PacketFileWriter`'s packets back in order.
final class PacketFileReader {
    let path: String
    private let handle: FileHandle
    /// Int64 fields before each packet's bytes: 6, or 5 in a first-version file (no stream index).
    private let fields: Int

    /// A packet file that is not one, or ends inside a packet.
    struct Damaged: Error, CustomStringConvertible, RetryClassifiable {
        let path: String
        var isTransient: Bool { false }
        var description: String { "\(path) is not a complete packet file" }
    }

    init(path: String) throws {
        self.path = path
        handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        let magic = Array(try handle.read(upToCount: PacketFileWriter.magic.count) ?? Data())
        switch magic {
        case PacketFileWriter.magic: fields = 6
        case PacketFileWriter.firstMagic: fields = 5
        default: throw Damaged(path: path)
        }
    }

    deinit { try? handle.close() }

    /// The next packet, or nil at the end of the file.
    func next() throws -> Packet? {
        guard let head = try handle.read(upToCount: 8 * fields), !head.isEmpty else { return nil }
        guard head.count == 8 * fields else { throw Damaged(path: path) }
        let v = (0..<fields).map { i in head.withUnsafeBytes { Int64(littleEndian: $0.loadUnaligned(fromByteOffset: i * 8, as: Int64.self)) } }
        guard v[4] >= 0, v[4] < Int64(Int32.max) else { throw Damaged(path: path) }
        let size = Int(v[4])
        let packet = Packet()
        try FFmpegError.check(av_new_packet(packet.pointer, Int32(size)), "av_new_packet", "reading \(path)")
        if size > 0 {
            guard let body = try handle.read(upToCount: size), body.count == size else { throw Damaged(path: path) }
            body.withUnsafeBytes { packet.pointer.pointee.data.update(from: $0.bindMemory(to: UInt8.self).baseAddress!, count: size) }
        }
        packet.pointer.pointee.pts = v[0]
        packet.pointer.pointee.dts = v[1]
        packet.pointer.pointee.duration = v[2]
        packet.pointer.pointee.flags = Int32(truncatingIfNeeded: v[3])
        let stream = fields > 5 ? v[5] : 0
        guard stream >= 0, stream < 64 else { throw Damaged(path: path) }
        packet.pointer.pointee.stream_index = Int32(stream)
        return packet
    }
}
