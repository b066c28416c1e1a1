import Foundation
import ImgSiteMedia
import Yams

/// `albums:` and `exclude:` of imgsite.yml.
extension ConfigReader {
    /// `albums:`: album folder → its settings. Folders are relative to the
    /// input, "/"-separated, with no "." or ".." parts.
    package func albums(_ node: Node) throws(ConfigError) -> [String: AlbumSettings] {
        var albums: [String: AlbumSettings] = [:]
        for (keyNode, value) in try mapping(node, key: "albums") {
            let raw = try string(keyNode, key: "albums")
            let folder = raw.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
            guard !folder.isEmpty, !raw.hasPrefix("/"), !folder.split(separator: "/").contains(where: { $0 == "." || $0 == ".." }) else {
                throw fail("albums", keyNode, "must name album folders relative to the input folder (e.g. travel/2019), not '\(raw)'")
            }
            let key = "albums.\(folder)"
            let map = try mapping(value, key: key)
            try rejectUnknown(map, allowed: ["placeholder", "private", "watermark", "hdr"] + AlbumFile.keys, parent: key)
            var settings = AlbumSettings()
            if let kind = map["placeholder"] { settings.placeholder = try choice(kind, key: "\(key).placeholder") as PlaceholderKind }
            if let exclude = map["exclude"] {
                settings.exclude = try excludeList(exclude, key: "\(key).exclude", allowingTrue: true).map { $0 == "" ? folder : "\(folder)/\($0)" }
            }
            if let privacy = map["private"] { settings.privacy = try privateAlbum(privacy, key: "\(key).private") }
            if let mark = map["watermark"] { settings.watermark = .some(try watermark(mark, key: "\(key).watermark", allowingFalse: true)) }
            if let hdr = map["hdr"] { settings.hdr = try choice(hdr, key: "\(key).hdr") as HDRMode }
            // Unknown keys were refused above: nothing is left out here.
            switch AlbumFile.read(map, file: file, skipping: ["placeholder", "exclude", "private", "watermark", "hdr"]) {
            case .success(let read): settings.file = read.value
            case .failure(let problem): throw ConfigError(file: file, key: key, place: problem.place, reason: problem.reason)
            }
            albums[folder] = settings
        }
        return albums
    }

    /// `private:`: `{ password_env: NAME, listed: false, title_public: false }`.
    /// The variable is read when a build starts (`SiteWriter.lockPrivateAlbums`), not here:
    /// `imgsite check` and the docs' examples need no password.
    func privateAlbum(_ node: Node, key: String) throws(ConfigError) -> PrivateAlbumSettings {
        let map = try mapping(node, key: key)
        try rejectUnknown(map, allowed: ["password_env", "listed", "title_public"], parent: key)
        guard let variable = map["password_env"] else {
            throw fail(key, node, "needs password_env: the environment variable holding the album's password (e.g. FAMILY_PASSWORD)")
        }
        let name = try string(variable, key: "\(key).password_env")
        guard !name.isEmpty, name.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }), !name.first!.isNumber else {
            throw fail("\(key).password_env", variable, "must name an environment variable (letters, digits and _), not '\(name)'; the password itself never goes in a file")
        }
        var settings = PrivateAlbumSettings(passwordEnv: name)
        if let listed = map["listed"] { settings.listed = try bool(listed, key: "\(key).listed") }
        if let title = map["title_public"] { settings.titlePublic = try bool(title, key: "\(key).title_public") }
        return settings
    }

    /// `exclude:`: a list of globs relative to the folder (`ExcludeRules`);
    /// for an album, `true` (the whole album: "") or `false` too.
    func excludeList(_ node: Node, key: String, allowingTrue: Bool = false) throws(ConfigError) -> [String] {
        if allowingTrue, let scalar = node.scalar, let flag = Bool.construct(from: scalar) { return flag ? [""] : [] }
        guard let list = node.sequence, list.allSatisfy({ $0.scalar != nil }) else {
            throw fail(key, node, "must be a list of globs such as [\"**/*-edit.jpg\", \"private\"]\(allowingTrue ? ", or true for the whole album" : "")")
        }
        let patterns = list.compactMap { $0.scalar?.string }
        if let bad = patterns.first(where: { $0.isEmpty || $0.split(separator: "/").contains("..") }) {
            throw fail(key, node, "'\(bad)' is not a glob inside the folder")
        }
        return patterns
    }
}
