extension Dictionary where Key == String {
    /// The entry of the nearest album folder above `relativePath` (a source's
    /// path, "/"-separated): its own folder's, else each folder's above it,
    /// so `travel` covers `travel/2019` unless that album has its own; nil
    /// when none has one. How an album's setting holds for the albums inside it.
    func nearestAlbum(of relativePath: String) -> Value? {
        var folder = Substring(relativePath)
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            if let value = self[String(folder)] { return value }
        }
        return nil
    }
}
