import Foundation
import ImgSitePlanning

/// The theme's colours from `theme.accent` and `theme.backdrop`: the accent
/// as each background needs it and the photo page's backdrop with text
/// that reads on it. Every text colour keeps WCAG AA's 4.5:1 against its
/// background, whatever colour the photographer picks: an accent too light
/// for white paper is darkened there, one too dark for the dark scheme
/// lightened.
public struct Palette: Hashable, Sendable, CustomStringConvertible {
    /// Links, focus rings and pressed buttons on the light and dark schemes' pages.
    var accentLight: RGB
    var accentDark: RGB
    /// The photo page's backdrop, with its text, quieter text and accent; nil: the scheme's page.
    var backdrop: Backdrop?

    struct Backdrop: Hashable, Sendable {
        var color: RGB
        var text: RGB
        var muted: RGB
        var accent: RGB
    }

    /// The light and dark schemes' pages (the stylesheet's `body`).
    static let lightPage = RGB(0xFF, 0xFF, 0xFF), darkPage = RGB(0x12, 0x12, 0x12)
    /// Without `theme.accent`: the links' blue of both schemes.
    static let defaultAccent = RGB(0x0B, 0x57, 0xD0), defaultDarkAccent = RGB(0x8A, 0xB4, 0xF8)

    public init(accent: RGB? = nil, backdrop: RGB? = nil) {
        accentLight = Self.readable(accent ?? Self.defaultAccent, on: Self.lightPage)
        accentDark = Self.readable(accent ?? Self.defaultDarkAccent, on: Self.darkPage)
        self.backdrop = backdrop.map { color in
            let text = Self.text(on: color)
            let accentColor = accent ?? (text.luminance > 0.5 ? Self.defaultDarkAccent : Self.defaultAccent)
            return Backdrop(color: color, text: text, muted: Self.quieter(text, on: color), accent: Self.readable(accentColor, on: color))
        }
    }

    public var description: String {
        "Palette(\(accentLight.hex), \(accentDark.hex), \(backdrop.map { "\($0.color.hex) \($0.text.hex) \($0.muted.hex) \($0.accent.hex)" } ?? "-"))"
    }

    /// Near white or near black, whichever reads better on `background`;
    /// pure white or black on a mid tone, where only they reach 4.5:1.
    static func text(on background: RGB) -> RGB {
        let light = background.contrast(with: RGB(0xFF, 0xFF, 0xFF)) >= background.contrast(with: RGB(0, 0, 0))
        let soft = light ? RGB(0xF2, 0xF2, 0xF2) : RGB(0x1D, 0x1D, 0x1F)
        return soft.contrast(with: background) >= 4.5 ? soft : light ? RGB(0xFF, 0xFF, 0xFF) : RGB(0, 0, 0)
    }

    /// `color`, or the nearest mix of it toward black or white (whichever
    /// side `background` is not) that reads on `background` at 4.5:1.
    static func readable(_ color: RGB, on background: RGB) -> RGB {
        let toward = background.luminance > 0.18 ? RGB(0, 0, 0) : RGB(0xFF, 0xFF, 0xFF)
        let steps = (0...20).lazy.map { color.mixed(with: toward, Double($0) / 20) }
        return steps.first { $0.contrast(with: background) >= 4.5 } ?? toward
    }

    /// Secondary text (counts, dates, labels): `text` mixed toward the
    /// background as far as 4.5:1 allows, at most 40 %.
    static func quieter(_ text: RGB, on background: RGB) -> RGB {
        let steps = (0...8).reversed().lazy.map { text.mixed(with: background, Double($0) / 20) }
        return steps.first { $0.contrast(with: background) >= 4.5 } ?? text
    }
}

extension RGB {
    /// WCAG's relative luminance.
    var luminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055).power(2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG's contrast ratio, 1 to 21.
    func contrast(with other: RGB) -> Double {
        let (a, b) = (luminance, other.luminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// This colour with `share` of `other` mixed in, channel by channel.
    func mixed(with other: RGB, _ share: Double) -> RGB {
        let share = min(max(share, 0), 1)
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * (1 - share) + Double(b) * share).rounded()) }
        return RGB(mix(red, other.red), mix(green, other.green), mix(blue, other.blue))
    }
}

private extension Double {
    func power(_ exponent: Double) -> Double { Foundation.pow(self, exponent) }
}
