import Mustache

// How a template reads each context's fields: a switch over the names, since
// swift-mustache's fallback (a `Mirror` per lookup) made a 10,000-photo
// site's pages take half again as long to render. `TemplateDocsTests` checks
// that each switch answers every stored field.

extension PageCommon: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "siteTitle": siteTitle
        case "root": root
        case "pageTitle": pageTitle
        case "breadcrumbs": breadcrumbs
        case "hasBreadcrumbs": hasBreadcrumbs
        case "share": share
        case "privateHome": privateHome
        case "language": language
        case "rightToLeft": rightToLeft
        case "words": words
        default: nil
        }
    }
}

extension LinkContext: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "href": href
        case "label": label
        default: nil
        }
    }
}

extension HeroContext: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "href": href
        case "aspect": aspect
        case "picture": picture
        default: nil
        }
    }
}

extension AlbumContent: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "hero": hero
        case "albums": albums
        case "hasAlbums": hasAlbums
        case "cardColumns": cardColumns
        case "photos": photos
        case "hasPhotos": hasPhotos
        case "pages": pages
        case "hasPages": hasPages
        case "photoCount": photoCount
        case "singular": singular
        case "countText": countText
        case "description": description
        case "longStory": longStory
        case "storyBeside": storyBeside
        case "download": download
        default: nil
        }
    }
}

extension AlbumCard: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "href": href
        case "count": count
        case "singular": singular
        case "countText": countText
        case "picture": picture
        case "locked": locked
        default: nil
        }
    }
}

extension GridPhoto: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "href": href
        case "title": title
        case "aspect": aspect
        case "picture": picture
        case "settles": settles
        case "duration": duration
        default: nil
        }
    }
}

extension PagerLink: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "number": number
        case "href": href
        case "current": current
        default: nil
        }
    }
}

extension PhotoContent: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "picture": picture
        case "widths": widths
        case "video": video
        case "motion": motion
        case "nextPicture": nextPicture
        case "caption": caption
        case "captureDate": captureDate
        case "captureDateText": captureDateText
        case "credit": credit
        case "details": details
        case "hasDetails": hasDetails
        case "download": download
        case "previous": previous
        case "next": next
        case "nextPage": nextPage
        case "albumHref": albumHref
        case "albumTitle": albumTitle
        default: nil
        }
    }
}

extension DownloadContext: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "href": href
        case "fileName": fileName
        case "label": label
        case "size": size
        default: nil
        }
    }
}

extension VideoContext: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "poster": poster
        case "width": width
        case "height": height
        case "style": style
        case "label": label
        case "duration": duration
        case "sources": sources
        default: nil
        }
    }
}

extension VideoSourceContext: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "src": src
        case "type": type
        case "media": media
        default: nil
        }
    }
}

extension DetailContext: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "value": value
        default: nil
        }
    }
}

extension PictureContext: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "sources": sources
        case "src": src
        case "srcset": srcset
        case "sizes": sizes
        case "width": width
        case "height": height
        case "alt": alt
        case "lazy": lazy
        case "style": style
        case "clearsPlaceholder": clearsPlaceholder
        case "placeholderData": placeholderData
        default: nil
        }
    }
}

extension SourceContext: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "media": media
        case "type": type
        case "srcset": srcset
        case "sizes": sizes
        default: nil
        }
    }
}

extension AttributeContext: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name  // not the parameter
        case "value": value
        default: nil
        }
    }
}

extension ShareContext: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "url": url
        case "title": title
        case "feedURL": feedURL
        case "image": image
        default: nil
        }
    }
}

extension ShareImage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "url": url
        case "width": width
        case "height": height
        case "alt": alt
        default: nil
        }
    }
}

extension FeedContext: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "siteTitle": siteTitle
        case "url": url
        case "feedURL": feedURL
        case "updated": updated
        case "entries": entries
        default: nil
        }
    }
}

extension FeedEntry: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "link": link
        case "alt": alt
        case "updated": updated
        case "caption": caption
        case "image": image
        default: nil
        }
    }
}

extension SitemapContext: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "urls": urls
        default: nil
        }
    }
}

extension UnlockContent: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "salt": salt
        case "rounds": rounds
        default: nil
        }
    }
}

extension ScriptContext: MustacheParent {
    func child(named name: String) -> Any? {
        name == "slideshowMilliseconds" ? slideshowMilliseconds : nil
    }
}

extension StylesheetContext: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "contentMaxWidth": contentMaxWidth
        case "pagePadding": pagePadding
        case "gap": gap
        case "cellAspect": cellAspect
        case "firstColumns": firstColumns
        case "breakpoints": breakpoints
        case "cardCaps": cardCaps
        case "storyViewport": storyViewport
        case "storyColumn": storyColumn
        case "storyGap": storyGap
        case "captionMedia": captionMedia
        case "captionColumn": captionColumn
        case "captionGap": captionGap
        case "heroAspect": heroAspect
        case "heroGap": heroGap
        case "heroBands": heroBands
        case "rowGap": rowGap
        case "firstRowHeight": firstRowHeight
        case "rowBands": rowBands
        case "accent": accent
        case "accentDark": accentDark
        case "backdrop": backdrop
        default: nil
        }
    }
}

extension BackdropContext: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "color": color
        case "text": text
        case "muted": muted
        case "accent": accent
        default: nil
        }
    }
}
