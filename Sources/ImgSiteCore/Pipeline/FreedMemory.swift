import CLinux

/// When glibc's malloc hands freed memory back to the kernel. By default it
/// unmaps a freed block that had pages of its own (at first any of 128 KiB
/// or more) and trims a heap's free top past twice that size, so the next
/// image's planes and buffers, a few MB each, arrive as fresh pages that
/// the kernel must zero and fault in again: on `make bench-peers`' 32
/// photos, 12,000–15,000 page faults, against 8,000 when freed memory is
/// kept for reuse (measured with `perf stat -e page-faults`).
public enum FreedMemory {
    /// Keeps freed blocks under 32 MiB in the heap for the next image, and
    /// up to 64 MiB of free heap top. A larger block (a 100 MB decode) still
    /// has pages of its own, given back at once. Call first thing, once.
    public static func keepForReuse() {
        _ = imgsite_malloc_thresholds(32 << 20, 64 << 20)  // a failure only leaves glibc's defaults
    }

    /// Gives free memory back to the kernel: after each rebuild of
    /// `imgsite watch`, which stays running between them.
    public static func giveBack() {
        imgsite_malloc_trim()
    }
}
