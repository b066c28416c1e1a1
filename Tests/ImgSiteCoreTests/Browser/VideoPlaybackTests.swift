import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing
import Vips

/// Clips' pages in headless Chromium (which plays H.264 and AV1): the poster
/// painted before anything plays, the source its screen chooses played (AV1
/// first, the size following the viewport), no media error.
@Suite(.tags(.browser), .serialized, .enabled(if: ClipProbe.unavailable == nil, "FFmpeg's libraries are missing: make deps installs them"))
struct VideoPlaybackTests {
    /// Plays the page's `<video>` muted; answers its chosen file, ready
    /// state, media error code (0: none) and decoded size.
    static let play = """
        const done = arguments[arguments.length - 1];
        const v = document.querySelector('video');
        v.muted = true;
        let answered = false;
        const finish = (why) => { if (!answered) { answered = true;
          done([v.currentSrc, v.readyState, v.error ? v.error.code : 0, v.videoWidth, v.videoHeight, why]); } };
        v.addEventListener('loadeddata', () => finish('loaded'));
        v.addEventListener('error', () => finish('error'), true);
        // A first argument true: play the H.264 file itself (the fallback a browser without AV1 takes).
        if (arguments.length > 1 && arguments[0]) { v.src = [...v.querySelectorAll('source')].find(s => s.type.includes('avc1')).src; v.load(); }
        v.play().catch(e => finish(String(e)));
        setTimeout(() => finish('timeout'), 10000);
        """

    @Test("each clip's page paints its poster, then plays the file its screen chooses: AV1, 480 lines on a phone's width, 720 on a desktop's")
    func plays() async throws {
        let input = try Corpus.scratch("video-play-in")
        let clips = ["hd-pan.mp4", "upright-phone.mp4", "hdr-hlg.mov", "variable-rate.webm", "theora.ogv", "fade-in.mp4", "live-photo.mov",
                     "camera-mpeg4-pcm.avi", "old-phone.3gp", "vp9-mp3.mkv", "tv.m4v"]
        try Corpus.copy(clips.map { URL(fileURLWithPath: ClipProbeTests.clip($0)) }, into: input, album: "a")
        let site = try TestBuild.run(input: input)
        #expect(site.summary.failed.isEmpty && site.summary.built == clips.count)
        try await WebDriver.session { browser in
            for (width, chosen) in [(600, "hd-pan-480p-av1."), (1440, "hd-pan-720p-av1.")] {
                try await browser.cdp("Emulation.setDeviceMetricsOverride", ["width": width, "height": 900, "deviceScaleFactor": 1, "mobile": false])
                try await browser.open(site.output.appending(path: "a/hd-pan.html"))
                // Before play: the poster is painted in the player's box (a photo's detail, not an empty box).
                let box = try #require(try await browser.boxes("video").first)
                let screenshot = try VipsImage.decode(try await browser.screenshot())
                let (x, y) = (Int(box.x) + 4, Int(box.y) + 4)
                let (w, h) = (min(Int(box.width) - 8, screenshot.width - x), min(Int(box.height) - 8, screenshot.height - y))
                let paint = PlaceholderPaintTests.measure(
                    try screenshot.cropped(left: x, top: y, width: w, height: h).flattened().pixelBytes(), bands: 3)
                #expect(paint.spread > 10, "at \(width) px the player's box is flat before play: \(paint)")
                #expect(box.width <= Double(width), "the player fits the screen: \(box)")
                let answer = try #require(try await browser.executeAsync(Self.play) as? [Any])
                let source = answer[0] as? String ?? ""
                #expect(source.contains(chosen), "at \(width) px: \(answer)")
                #expect((answer[1] as? Int ?? 0) >= 2 && (answer[2] as? Int) == 0, "at \(width) px: \(answer)")
            }
            // Every corpus clip's page plays, its AV1 file and its H.264 file.
            for clip in clips {
                let page = "a/\((clip as NSString).deletingPathExtension).html"
                for h264 in [false, true] {
                    try await browser.open(site.output.appending(path: page))
                    let answer = try #require(try await browser.executeAsync(Self.play, h264) as? [Any])
                    #expect((answer[1] as? Int ?? 0) >= 2 && (answer[2] as? Int) == 0, "\(page): \(answer)")
                    #expect((answer[0] as? String ?? "").contains("-av1.") != h264, "\(page): \(answer)")
                    if clip.hasPrefix("upright") { #expect((answer[3] as? Int, answer[4] as? Int) == (270, 480), "upright: \(answer)") }
                }
            }
        }
    }

    /// The motion player's state once it plays (or after 4 s): shown,
    /// playing, ready state, muted, looping, the still hidden, the button
    /// shown, its aria-pressed, the file chosen. A first argument true
    /// presses the button first.
    static let motion = """
        const done = arguments[arguments.length - 1];
        const v = document.querySelector('video.motion'), b = document.querySelector('.motion-toggle'), still = v.previousElementSibling;
        const state = () => [!v.hidden, !v.paused, v.readyState, v.muted, v.loop, still.hidden, b.hidden, b.getAttribute('aria-pressed'), v.currentSrc];
        if (arguments.length > 1 && arguments[0]) { b.click(); }
        let tries = 0;
        const tick = () => { if ((!v.paused && v.readyState >= 2) || tries++ > 40) { done(state()); } else { setTimeout(tick, 100); } };
        tick();
        """

    @Test("a Live Photo's motion plays muted and looping in its photo's place; under reduced motion the still stays until its button is pressed")
    func livePhotoMotion() async throws {
        let site = try TestBuild.run(input: try LivePhotoMotionTests.library(), config: LivePhotoMotionTests.motion)
        let page = site.output.appending(path: "a/img-0001.html")
        try await WebDriver.session { browser in
            try await browser.open(page)
            let playing = try #require(try await browser.executeAsync(Self.motion) as? [Any])
            #expect(playing[0] as? Bool == true && playing[1] as? Bool == true && (playing[2] as? Int ?? 0) >= 2, "\(playing)")
            #expect(playing[3] as? Bool == true && playing[4] as? Bool == true && playing[5] as? Bool == true, "muted, looping, the still hidden: \(playing)")
            #expect(playing[6] as? Bool == false && playing[7] as? String == "true" && (playing[8] as? String ?? "").contains("-live-"), "\(playing)")
            try await browser.cdp("Emulation.setEmulatedMedia", ["features": [["name": "prefers-reduced-motion", "value": "reduce"]]])
            try await browser.open(page)
            let still = try #require(try await browser.executeAsync("""
                const v = document.querySelector('video.motion');
                setTimeout(() => arguments[0]([v.hidden, v.paused, v.previousElementSibling.hidden,
                                               document.querySelector('.motion-toggle').getAttribute('aria-pressed')]), 1000);
                """) as? [Any])
            #expect(still[0] as? Bool == true && still[1] as? Bool == true && still[2] as? Bool == false && still[3] as? String == "false", "\(still)")
            let pressed = try #require(try await browser.executeAsync(Self.motion, true) as? [Any])
            #expect(pressed[0] as? Bool == true && pressed[1] as? Bool == true && pressed[7] as? String == "true", "the button plays it: \(pressed)")
        }
    }
}
