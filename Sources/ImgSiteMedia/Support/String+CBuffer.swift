extension String {
    /// The text a C shim wrote into `buffer` (up to its first NUL): the
    /// reasons CVideo, CRaw and CHeif give.
    package init(cBuffer buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
