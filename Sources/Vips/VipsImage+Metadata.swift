internal import CVips
internal import CVipsShim

extension VipsImage {
    /// Names of every metadata field on the image (EXIF tags, ICC, XMP…).
    public var fieldNames: [String] {
        guard let fields = vips_image_get_fields(pointer) else { return [] }
        defer { g_strfreev(fields) }
        var names: [String] = []
        var index = 0
        while let name = fields[index] {
            names.append(String(cString: name))
            index += 1
        }
        return names
    }

    /// A text field (plain or libvips ref-string), or nil when absent.
    public func string(_ name: String) -> String? {
        let type = vips_image_get_typeof(pointer, name)
        guard type != 0 else { return nil }
        if type == imgsite_gtype_string() {
            var value: UnsafePointer<CChar>?
            guard vips_image_get_string(pointer, name, &value) == 0, let value else { return nil }
            return String(cString: value)
        }
        var copy: UnsafeMutablePointer<CChar>?
        guard vips_image_get_as_string(pointer, name, &copy) == 0, let copy else { return nil }
        defer { g_free(copy) }
        return String(cString: copy)
    }

    /// An integer field, or nil when absent.
    public func int(_ name: String) -> Int? {
        guard vips_image_get_typeof(pointer, name) != 0 else { return nil }
        var value: Int32 = 0
        guard vips_image_get_int(pointer, name, &value) == 0 else { return nil }
        return Int(value)
    }

    /// A binary field ("xmp-data", "iptc-data"), or nil when absent.
    public func blob(_ name: String) -> [UInt8]? {
        guard vips_image_get_typeof(pointer, name) != 0 else { return nil }
        var data: UnsafeRawPointer?
        var length = 0
        guard vips_image_get_blob(pointer, name, &data, &length) == 0, let data, length > 0 else { return nil }
        return Array(UnsafeRawBufferPointer(start: data, count: length))
    }

    /// The text of an EXIF tag as libvips formats it ("value (value, type, …)"),
    /// reduced to the value, trimmed; nil when absent or blank.
    public func exifText(_ field: String) -> String? {
        guard let raw = string(field) else { return nil }
        return Self.exifValue(raw)
    }

    /// Removes every metadata field whose name passes `shouldRemove`.
    /// Only on an image this code owns alone (e.g. just materialised).
    public func removeMetadata(where shouldRemove: (String) -> Bool) {
        for name in fieldNames where shouldRemove(name) {
            vips_image_remove(pointer, name)
        }
    }

    /// libvips renders an EXIF entry as "VALUE (VALUE, TYPE, N components,
    /// M bytes)"; the value itself may hold parentheses, so cut where the
    /// final parenthesised part opens (matching its closing one).
    static func exifValue(_ raw: String) -> String? {
        let characters = Array(raw)
        var value = raw
        if characters.last == ")" {
            var depth = 0
            for index in characters.indices.reversed() {
                if characters[index] == ")" { depth += 1 }
                if characters[index] == "(" { depth -= 1 }
                if depth == 0 {
                    value = String(characters[..<index])
                    break
                }
            }
        }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters))
        return trimmed.isEmpty ? nil : trimmed
    }
}
