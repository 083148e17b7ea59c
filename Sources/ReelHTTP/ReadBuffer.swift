/// The event loop's single receive buffer, shared by all connections (only one reads at a time),
/// so idle connections need no buffer of their own.
final class ReadBuffer {
    let bytes: UnsafeMutableRawBufferPointer

    init(size: Int) {
        bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
    }

    deinit { bytes.deallocate() }
}
