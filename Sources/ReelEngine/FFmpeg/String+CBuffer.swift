extension String {
    /// The NUL-terminated UTF-8 text a C function wrote into `buffer` (all of it when it holds no NUL).
    init(cBuffer buffer: [CChar]) {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        self.init(decoding: bytes, as: UTF8.self)
    }
}
