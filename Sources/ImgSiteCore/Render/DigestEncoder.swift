import Crypto
import Foundation

/// SHA-256 of an `Encodable` value, fed straight from the encoder: every
/// key, value and container as it is encoded, each tagged so that no two
/// different values feed the same bytes (a string's length before its
/// bytes, a marker where each container and each of its elements starts,
/// and where each value that encodes itself ends), gathered in one buffer
/// and hashed once: thousands of pages are digested on every build (a
/// no-op build of 10,000 photos too), where encoding each to JSON first
/// would cost as much again as the rest of that build, and feeding the
/// hasher piece by piece a fifth of it.
///
/// ```swift
/// let digest = DigestEncoder.digest(page, seed: site)  // hex
/// ```
struct DigestEncoder: Encoder {
    /// The value's digest, `seed` fed first.
    static func digest(_ value: some Encodable, seed: String = "") -> String {
        let sink = Sink()
        sink.text(seed)
        // Encoding into the sink cannot fail: it throws nowhere.
        try? value.encode(to: DigestEncoder(sink: sink))
        sink.tag(Tag.end)
        return SHA256.hash(data: sink.bytes).hex
    }

    /// The bytes every container adds to.
    final class Sink {
        var bytes: [UInt8] = []

        init() { bytes.reserveCapacity(4096) }

        func tag(_ byte: UInt8) { bytes.append(byte) }

        func text(_ value: String) {
            number(UInt64(value.utf8.count))
            bytes.append(contentsOf: value.utf8)
        }

        func number(_ value: UInt64) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
    }

    let sink: Sink
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        sink.tag(Tag.keyed)
        return KeyedEncodingContainer(Keyed(sink: sink))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.tag(Tag.unkeyed)
        return Unkeyed(sink: sink)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(sink: sink) }

    /// What starts each piece in the stream.
    enum Tag {
        static let keyed: UInt8 = 1, unkeyed: UInt8 = 2, element: UInt8 = 3, key: UInt8 = 4
        static let null: UInt8 = 5, bool: UInt8 = 6, string: UInt8 = 7, integer: UInt8 = 8, real: UInt8 = 9
        /// A value that encodes itself (its containers) is done: what follows is its parent's.
        static let end: UInt8 = 10
    }

    /// One value of any primitive type.
    struct Single: SingleValueEncodingContainer {
        let sink: Sink
        var codingPath: [any CodingKey] = []

        mutating func encodeNil() { sink.tag(Tag.null) }
        mutating func encode(_ value: Bool) { sink.tag(Tag.bool); sink.tag(value ? 1 : 0) }
        mutating func encode(_ value: String) { sink.tag(Tag.string); sink.text(value) }
        mutating func encode(_ value: Double) { sink.tag(Tag.real); sink.number(value.bitPattern) }
        mutating func encode(_ value: Float) { encode(Double(value)) }
        mutating func encode(_ value: Int) { integer(Int64(value)) }
        mutating func encode(_ value: Int8) { integer(Int64(value)) }
        mutating func encode(_ value: Int16) { integer(Int64(value)) }
        mutating func encode(_ value: Int32) { integer(Int64(value)) }
        mutating func encode(_ value: Int64) { integer(value) }
        mutating func encode(_ value: UInt) { integer(Int64(bitPattern: UInt64(value))) }
        mutating func encode(_ value: UInt8) { integer(Int64(value)) }
        mutating func encode(_ value: UInt16) { integer(Int64(value)) }
        mutating func encode(_ value: UInt32) { integer(Int64(value)) }
        mutating func encode(_ value: UInt64) { integer(Int64(bitPattern: value)) }
        mutating func encode(_ value: some Encodable) throws {
            try value.encode(to: DigestEncoder(sink: sink))
            sink.tag(Tag.end)
        }

        private func integer(_ value: Int64) {
            sink.tag(Tag.integer)
            sink.number(UInt64(bitPattern: value))
        }
    }

    /// Each key's name, then its value.
    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sink: Sink
        var codingPath: [any CodingKey] = []

        private func value(for key: Key) -> Single {
            sink.tag(Tag.key)
            sink.text(key.stringValue)
            return Single(sink: sink)
        }

        mutating func encodeNil(forKey key: Key) { var single = value(for: key); single.encodeNil() }
        mutating func encode(_ value: Bool, forKey key: Key) { var single = self.value(for: key); single.encode(value) }
        mutating func encode(_ value: String, forKey key: Key) { var single = self.value(for: key); single.encode(value) }
        mutating func encode(_ value: Double, forKey key: Key) { var single = self.value(for: key); single.encode(value) }
        mutating func encode(_ value: Int, forKey key: Key) { var single = self.value(for: key); single.encode(value) }
        mutating func encode(_ value: some Encodable, forKey key: Key) throws {
            var single = self.value(for: key)
            try single.encode(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            _ = value(for: key)
            return DigestEncoder(sink: sink).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            _ = value(for: key)
            return DigestEncoder(sink: sink).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { DigestEncoder(sink: sink) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            _ = value(for: key)
            return DigestEncoder(sink: sink)
        }
    }

    /// Each element, marked.
    struct Unkeyed: UnkeyedEncodingContainer {
        let sink: Sink
        var codingPath: [any CodingKey] = []
        var count = 0

        private mutating func element() -> Single {
            count += 1
            sink.tag(Tag.element)
            return Single(sink: sink)
        }

        mutating func encodeNil() { var single = element(); single.encodeNil() }
        mutating func encode(_ value: Bool) { var single = element(); single.encode(value) }
        mutating func encode(_ value: String) { var single = element(); single.encode(value) }
        mutating func encode(_ value: Double) { var single = element(); single.encode(value) }
        mutating func encode(_ value: Int) { var single = element(); single.encode(value) }
        mutating func encode(_ value: some Encodable) throws {
            var single = element()
            try single.encode(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            _ = element()
            return DigestEncoder(sink: sink).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            _ = element()
            return DigestEncoder(sink: sink).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            _ = element()
            return DigestEncoder(sink: sink)
        }
    }
}

