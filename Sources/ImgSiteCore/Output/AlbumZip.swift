internal import CZlib
import Foundation

/// An album's downloads as one zip (`album_zip: true`), the same bytes for
/// the same files on any machine: entries in album order, stored (photos
/// are compressed already), every time 1980-01-01 00:00, no extra fields
/// but ZIP64's where an offset passes 4 GB, names in UTF-8. Written one
/// file in memory at a time.
enum AlbumZip {
    struct Entry: Sendable, Equatable {
        /// Its name in the zip.
        var name: String
        /// The file, inside the output folder.
        var path: String
    }

    /// Version 2.0 (stored), 4.5 where ZIP64 records are needed.
    private static let version: UInt16 = 20, version64: UInt16 = 45
    /// General purpose flags: names are UTF-8.
    private static let utf8Names: UInt16 = 1 << 11
    /// MS-DOS date of 1980-01-01 (time 00:00 is 0).
    private static let date: UInt16 = (0 << 9) | (1 << 5) | 1
    private static let limit32 = Int(UInt32.max)

    /// Writes the zip of `entries` (files under `folder`) to `handle`.
    static func write(_ entries: [Entry], from folder: URL, to handle: FileHandle) throws {
        try write(entries, to: handle) { try Data(contentsOf: folder.appending(path: $0)) }
    }

    /// `read` gives each entry's bytes from its path (a private album's, decrypted).
    static func write(_ entries: [Entry], to handle: FileHandle, read: (String) throws -> Data) throws {
        var central: [UInt8] = []
        var offset = 0
        for entry in entries {
            let data = try read(entry.path)
            let crc = data.withUnsafeBytes { UInt32(crc32(0, $0.bindMemory(to: Bytef.self).baseAddress, uInt($0.count))) }
            let name = Array(entry.name.utf8)
            var local: [UInt8] = []
            local.appendLittleEndian(UInt32(0x0403_4B50))
            local.appendLittleEndian(version)
            local += fileFields(crc: crc, size: data.count, name: name, extra: 0)
            try handle.write(contentsOf: Data(local + name))
            try handle.write(contentsOf: data)
            // The central record: ZIP64 only for an offset past 4 GB (a photo is never that large).
            let far = offset >= limit32
            central.appendLittleEndian(UInt32(0x0201_4B50))
            central.appendLittleEndian(UInt16(3 << 8 | 20))  // made by: Unix, 2.0
            central.appendLittleEndian(far ? version64 : version)
            central += fileFields(crc: crc, size: data.count, name: name, extra: far ? 12 : 0)
            central.appendLittleEndian(UInt16(0))  // comment
            central.appendLittleEndian(UInt16(0))  // disk
            central.appendLittleEndian(UInt16(0))  // internal attributes
            central.appendLittleEndian(UInt32(0o100644) << 16)  // a regular file, rw-r--r--
            central.appendLittleEndian(UInt32(far ? limit32 : offset))
            central += name
            if far {
                central.appendLittleEndian(UInt16(1))
                central.appendLittleEndian(UInt16(8))
                central.appendLittleEndian(UInt64(offset))
            }
            offset += local.count + name.count + data.count
        }
        try handle.write(contentsOf: Data(central + end(entries: entries.count, centralSize: central.count, centralOffset: offset)))
    }

    /// Flags, method, time, date, CRC, sizes, name and extra lengths: the
    /// fields local and central records share.
    private static func fileFields(crc: UInt32, size: Int, name: [UInt8], extra: UInt16) -> [UInt8] {
        var fields: [UInt8] = []
        fields.appendLittleEndian(utf8Names)
        fields.appendLittleEndian(UInt16(0))  // stored
        fields.appendLittleEndian(UInt16(0))  // 00:00
        fields.appendLittleEndian(date)
        fields.appendLittleEndian(crc)
        fields.appendLittleEndian(UInt32(size))  // compressed
        fields.appendLittleEndian(UInt32(size))
        fields.appendLittleEndian(UInt16(name.count))
        fields.appendLittleEndian(extra)
        return fields
    }

    /// The end of central directory record, after ZIP64's when the
    /// directory starts past 4 GB or holds more than 65,535 entries.
    private static func end(entries: Int, centralSize: Int, centralOffset: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        let needs64 = centralOffset >= limit32 || centralSize >= limit32 || entries >= 0xFFFF
        if needs64 {
            let recordOffset = centralOffset + centralSize
            bytes.appendLittleEndian(UInt32(0x0606_4B50))
            bytes.appendLittleEndian(UInt64(44))  // the record's size after this field
            bytes.appendLittleEndian(UInt16(3 << 8 | 45))
            bytes.appendLittleEndian(version64)
            bytes.appendLittleEndian(UInt32(0))
            bytes.appendLittleEndian(UInt32(0))
            bytes.appendLittleEndian(UInt64(entries))
            bytes.appendLittleEndian(UInt64(entries))
            bytes.appendLittleEndian(UInt64(centralSize))
            bytes.appendLittleEndian(UInt64(centralOffset))
            bytes.appendLittleEndian(UInt32(0x0706_4B50))  // its locator
            bytes.appendLittleEndian(UInt32(0))
            bytes.appendLittleEndian(UInt64(recordOffset))
            bytes.appendLittleEndian(UInt32(1))
        }
        bytes.appendLittleEndian(UInt32(0x0605_4B50))
        bytes.appendLittleEndian(UInt16(0))
        bytes.appendLittleEndian(UInt16(0))
        bytes.appendLittleEndian(UInt16(min(entries, 0xFFFF)))
        bytes.appendLittleEndian(UInt16(min(entries, 0xFFFF)))
        bytes.appendLittleEndian(UInt32(min(centralSize, limit32)))
        bytes.appendLittleEndian(UInt32(min(centralOffset, limit32)))
        bytes.appendLittleEndian(UInt16(0))  // comment
        return bytes
    }

    /// The zip's size for files of these sizes: what a budget counts before it is written.
    static func size(names: [String], fileBytes: [Int]) -> Int {
        let headers = names.reduce(0) { $0 + 30 + 46 + 2 * $1.utf8.count }
        return headers + fileBytes.reduce(0, +) + 22
    }
}

extension Array where Element == UInt8 {
    /// Appends `value` least significant byte first (ZIP).
    mutating func appendLittleEndian<Value: FixedWidthInteger>(_ value: Value) {
        for shift in stride(from: 0, to: Value.bitWidth, by: 8) {
            append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }
}
