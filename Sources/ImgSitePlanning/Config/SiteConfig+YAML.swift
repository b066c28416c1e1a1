import Foundation
import Yams

extension SiteConfig {
    /// Reads `imgsite.yml` text. Unknown keys and wrong types are errors that
    /// name the key and its line; absent keys keep their defaults.
    public static func parse(yaml text: String, file: String) throws(ConfigError) -> SiteConfig {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            let (place, problem) = (error as? YamlError)?.mistake ?? (nil, "\(error)")
            throw ConfigError(file: file, key: "", place: place, reason: "is not valid YAML: \(problem)")
        }
        var config = SiteConfig()
        guard let root else { return config }
        let reader = ConfigReader(file: file)
        let top = try reader.mapping(root, key: "")
        try reader.rejectUnknown(top, allowed: TopKey.allCases.map(\.rawValue), parent: "")
        for (keyNode, value) in top {
            guard let key = TopKey(rawValue: keyNode.string ?? "") else { continue }
            try config.apply(key, value, reader)
        }
        guard config.version == currentVersion else {
            throw ConfigError(
                file: file, key: "version", place: top["version"].flatMap(YAMLPlace.init),
                reason: "is \(config.version); this imgsite reads version \(currentVersion)")
        }
        try config.validate(file: file)
        return config
    }

    /// Reads the file at `path`.
    public static func load(from path: String) throws(ConfigError) -> SiteConfig {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(file: path, key: "", line: nil, reason: "cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: path, key: "", line: nil, reason: "is not UTF-8 text")
        }
        return try parse(yaml: text, file: path)
    }

    private enum TopKey: String, CaseIterable {
        case version, title, language, theme, widths, formats, jpeg, webp, avif, jxl, metadata, templates, placeholder, albums, animated, budgets, exclude
        case maxWidth = "max_width"
        case widthStep = "width_step"
        case wideWidthStep = "wide_width_step"
        case pixelLimit = "pixel_limit"
        case baseURL = "base_url"
        case photoDetails = "photo_details"
        case denseFormat = "dense_format"
        case downloads
        case albumZip = "album_zip"
        case raw
        case video
        case livePhotos = "live_photos"
        case slideshow
        case watermark
        case hdr
        case hdrDense = "hdr_dense"
    }

    private mutating func apply(_ key: TopKey, _ node: Node, _ reader: ConfigReader) throws(ConfigError) {
        let name = key.rawValue
        switch key {
        case .version: version = try reader.int(node, key: name, in: 1...1_000)
        case .title: title = try reader.string(node, key: name)
        case .language: language = try reader.languageTag(node, key: name)
        case .theme:
            let map = try reader.mapping(node, key: name)
            try reader.rejectUnknown(map, allowed: ["accent", "backdrop"], parent: name)
            if let value = map["accent"] { accent = try reader.colour(value, key: "theme.accent") }
            if let value = map["backdrop"] { backdrop = try reader.colour(value, key: "theme.backdrop") }
        case .maxWidth: maxWidth = try reader.int(node, key: name, in: 16...65_535)
        case .widthStep: widthStep = try reader.number(node, key: name, in: WidthPlanner.steps)
        case .wideWidthStep: wideWidthStep = try reader.number(node, key: name, in: WidthPlanner.steps)
        case .pixelLimit: pixelLimit = try reader.int(node, key: name, in: 1...Int(Int32.max) * 4)
        case .templates: templates = try reader.string(node, key: name)
        case .widths: widths = try reader.widths(node)
        case .formats: formats = try reader.formats(node)
        case .jpeg: jpeg = try reader.jpeg(node, defaults: jpeg)
        case .webp: webp = try reader.codec(node, key: name, defaults: webp, effort: 0...6)
        case .avif: avif = try reader.codec(node, key: name, defaults: avif, effort: 0...9)
        case .jxl: jxl = try reader.codec(node, key: name, defaults: jxl, effort: 1...9)
        case .metadata: metadata = try reader.choice(node, key: name)
        case .placeholder: placeholder = try reader.choice(node, key: name)
        case .albums: albums = try reader.albums(node)
        case .exclude: exclude = try reader.excludeList(node, key: name)
        case .animated: animated = try reader.animated(node, defaults: animated)
        case .budgets: budgets = try reader.budgets(node)
        case .baseURL: baseURL = try reader.baseURL(node)
        case .photoDetails: photoDetails = try reader.bool(node, key: name)
        case .denseFormat: denseFormat = try reader.denseFormat(node)
        case .downloads: downloads = try reader.choice(node, key: name)
        case .albumZip: albumZip = try reader.bool(node, key: name)
        case .raw: raw = try reader.choice(node, key: name)
        case .video: video = try reader.video(node, defaults: video)
        case .livePhotos: video.livePhotos = try reader.choice(node, key: name)
        case .slideshow:
            let map = try reader.mapping(node, key: name)
            try reader.rejectUnknown(map, allowed: ["seconds"], parent: name)
            if let value = map["seconds"] { slideshowSeconds = try reader.number(value, key: "slideshow.seconds", in: 1...600) }
        case .watermark: watermark = try reader.watermark(node, key: name, allowingFalse: true)
        case .hdr: hdr = try reader.choice(node, key: name)
        case .hdrDense: hdrDense = try reader.bool(node, key: name)
        }
    }
}
