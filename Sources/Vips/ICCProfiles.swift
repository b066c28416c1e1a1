internal import CVipsShim
import Synchronization

/// Which embedded ICC profiles are sRGB itself (`CVipsShim/icc.c`): a photo
/// tagged with one needs no colour transform. Each distinct profile is
/// tested once (about 1 ms, through lcms) and remembered for the process;
/// a library's photos share a handful of profiles.
public enum ICCProfiles {
    /// Remembered answers, by the profile's bytes; a long `imgsite watch`
    /// keeps at most `limit` of them.
    private static let known = Mutex<[[UInt8]: Bool]>([:])
    static let limit = 64

    public static func isSRGB(_ profile: [UInt8]) -> Bool {
        if let answer = known.withLock({ $0[profile] }) { return answer }
        let answer = (try? LibvipsCall.run("icc_transform") {
            profile.withUnsafeBytes { imgsite_icc_is_srgb($0.baseAddress, $0.count) != 0 }
        }) != nil
        known.withLock { answers in
            if answers.count >= limit { answers.removeAll() }
            answers[profile] = answer
        }
        return answer
    }
}
