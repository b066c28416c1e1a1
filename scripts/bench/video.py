#!/usr/bin/env python3
"""make bench-video: a 4K HEVC phone clip through imgsite, against the ffmpeg
command run once per output with the same encoders and settings, and against
sigal's video settings. States each side's wall time, bytes and SSIM (ffmpeg's
ssim filter against the source scaled to the output's size), and imgsite's
peak memory. Then a 4K HEVC 10-bit HLG clip (an iPhone's HDR) beside 12
photos at --jobs 2: peak RSS and wall time in passes under video.memory
(the default) and in one pass (video.memory: 4 GB), side by side.

usage: video.py IMGSITE [SECONDS] [PYTHON_WITH_SIGAL]

The clip is made once into .build/bench-video/ from a corpus photo: 3840 x 2160
at 30 frames a second, HEVC 8-bit at 40 Mb/s (as Android phones record), a
pan with sensor-like noise, AAC sound, a location tag.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORK = os.path.join(ROOT, ".build", "bench-video")
PHOTO = os.path.join(ROOT, "Tests", "Corpus", "photos", "large", "2004default.jpg")


def run(command, **kwargs):
    start = time.monotonic()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **kwargs)
    return time.monotonic() - start


def run_measured(command):
    """Wall time and the peak RSS (MB) of that process alone."""
    start = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    if status != 0:
        sys.exit(f"{command[0]} failed: {process.stderr.read().decode()}")
    return time.monotonic() - start, usage.ru_maxrss / 1024


def make_clip(seconds, hlg=False):
    clip = os.path.join(WORK, f"phone-4k-{seconds}s{'-hlg' if hlg else ''}-v3.mov")
    if not os.path.exists(clip):
        print(f"making the {seconds} s 4K HEVC {'10-bit HLG ' if hlg else ''}clip (once)…", flush=True)
        partial = clip + ".part.mov"
        pixels, params, colour = "yuv420p", "log-level=error", []
        if hlg:
            pixels, params = "yuv420p10le", "log-level=error:colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc"
            colour = ["-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc"]
        run(["ffmpeg", "-hide_banner", "-y", "-loop", "1", "-framerate", "30", "-i", PHOTO,
             "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", str(seconds),
             "-vf", f"scale=4608:2880,crop=3840:2160:'min(768,t*40)':'min(720,t*30)',noise=alls=9:allf=t,format={pixels}",
             "-c:v", "libx265", "-preset", "ultrafast", "-b:v", "40M", "-maxrate", "40M", "-bufsize", "80M", "-x265-params", params,
             *colour, "-tag:v", "hvc1", "-c:a", "aac", "-b:a", "128k", "-metadata", "location=+57.2000-006.1000/", partial])
        os.rename(partial, clip)
    return clip


def beside_photos(imgsite, seconds):
    """The 4K HLG clip and 12 photos at --jobs 2: in passes (the default) and in one."""
    clip = make_clip(seconds, hlg=True)
    photos = os.path.join(WORK, "mixed", "trip")
    shutil.rmtree(os.path.dirname(photos), ignore_errors=True)
    os.makedirs(photos)
    os.link(clip, os.path.join(photos, os.path.basename(clip)))
    nature = os.path.join(ROOT, "Tests", "Corpus", "photos", "nature")
    for name in sorted(os.listdir(nature))[:12]:
        shutil.copy(os.path.join(nature, name), photos)
    print(f"\n{os.path.basename(clip)} (HEVC 10-bit HLG 3840 x 2160, {seconds} s) beside 12 photos, --jobs 2:")
    print("| video.memory | wall | peak RSS |\n|---|---|---|")
    for label, memory in (("560 MB (default): passes", None), ("4 GB: one pass", "4 GB")):
        config = os.path.join(WORK, "mixed.yml")
        with open(config, "w") as f:
            f.write(f"video: {{ memory: {memory} }}\n" if memory else "title: bench\n")
        site, cache = os.path.join(WORK, "mixed-site"), os.path.join(WORK, "mixed-cache")
        for folder in (site, cache):
            shutil.rmtree(folder, ignore_errors=True)
        wall, peak = run_measured([imgsite, "build", os.path.dirname(photos), "--config", config, "-o", site, "--cache-dir", cache,
                                   "--jobs", "2", "--quiet"])
        print(f"| {label} | {wall:.0f} s | {peak:.0f} MB |", flush=True)


def probe(path):
    out = subprocess.check_output(["ffprobe", "-v", "error", "-print_format", "json", "-show_streams", "-show_format", path])
    info = json.loads(out)
    video = next(s for s in info["streams"] if s["codec_type"] == "video")
    return video["codec_name"], int(video["width"]), int(video["height"]), int(info["format"]["size"])


def ssim(output, source, width, height):
    result = subprocess.run(
        ["ffmpeg", "-hide_banner", "-i", output, "-i", source, "-lavfi",
         f"[1:v]scale={width}:{height}:flags=bicubic,format=yuv420p[ref];[0:v]format=yuv420p[out];[out][ref]ssim", "-f", "null", "-"],
        capture_output=True, text=True, check=True)
    match = re.search(r"All:([0-9.]+)", result.stderr)
    return float(match.group(1)) if match else float("nan")


def cli_run(source, codec, width, height, seconds_per_gop, target):
    """The ffmpeg command for one output, as imgsite's transcoder sets its encoder."""
    common = ["ffmpeg", "-hide_banner", "-y", "-i", source, "-vf", f"scale={width}:{height},setsar=1,format=yuv420p",
              "-g", str(30 * seconds_per_gop), "-c:a", "aac", "-b:a", "128k", "-ar", "48000", "-ac", "2", "-map_metadata", "-1",
              "-movflags", "+faststart"]
    if codec == "h264":
        encoder = ["-c:v", "libx264", "-preset", "fast", "-crf", "23", "-profile:v", "high", "-rc-lookahead", "10", "-x264-params", "sync-lookahead=0"]
    else:
        encoder = ["-c:v", "libsvtav1", "-preset", "8", "-crf", "35", "-svtav1-params", "lp=1:lookahead=0:hierarchical-levels=3"]
    return run(common + encoder + [target], env=dict(os.environ, SVT_LOG="0"))


def main():
    imgsite = os.path.abspath(sys.argv[1])
    seconds = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    sigal_python = os.path.abspath(sys.argv[3]) if len(sys.argv) > 3 else None
    os.makedirs(WORK, exist_ok=True)
    clip = make_clip(seconds)
    photos = os.path.join(WORK, "photos", "clips")
    shutil.rmtree(os.path.dirname(photos), ignore_errors=True)
    os.makedirs(photos)
    os.link(clip, os.path.join(photos, os.path.basename(clip)))
    site, cache = os.path.join(WORK, "site"), os.path.join(WORK, "cache")
    for folder in (site, cache):
        shutil.rmtree(folder, ignore_errors=True)
    print(f"{os.path.basename(clip)}: {probe(clip)[0]} {probe(clip)[1]} x {probe(clip)[2]}, {seconds} s, "
          f"{probe(clip)[3] / 1e6:.1f} MB; {os.cpu_count()} cores", flush=True)

    imgsite_seconds, peak = run_measured([imgsite, "build", os.path.dirname(photos), "-o", site, "--cache-dir", cache, "--quiet"])
    files = sorted(f for f in os.listdir(os.path.join(site, "clips", "_img")) if f.endswith(".mp4"))
    outputs = []
    for name in files:
        path = os.path.join(site, "clips", "_img", name)
        codec, width, height, size = probe(path)
        outputs.append((name, codec, width, height, size, path))

    cli_dir = os.path.join(WORK, "cli")
    shutil.rmtree(cli_dir, ignore_errors=True)
    os.makedirs(cli_dir)
    cli_seconds = 0.0
    rows = []
    for name, codec, width, height, size, path in outputs:
        target = os.path.join(cli_dir, name)
        cli_seconds += cli_run(clip, codec, width, height, 4, target)
        rows.append((f"{codec} {width}x{height}", size, ssim(path, clip, width, height), os.path.getsize(target), ssim(target, clip, width, height)))

    print(f"\nimgsite, one decode for {len(outputs)} files: {imgsite_seconds:.1f} s, peak RSS {peak:.0f} MB")
    print(f"ffmpeg once per file, same encoders and settings: {cli_seconds:.1f} s "
          f"(imgsite takes {imgsite_seconds / cli_seconds:.2f}x)")
    print(f"\n| file | imgsite bytes | imgsite SSIM | ffmpeg bytes | ffmpeg SSIM | MB a minute (imgsite) |")
    print("|---|---|---|---|---|---|")
    for label, size, own, other_size, other in rows:
        print(f"| {label} | {size / 1e6:.2f} MB | {own:.4f} | {other_size / 1e6:.2f} MB | {other:.4f} | {size / 1e6 * 60 / seconds:.1f} |")

    if sigal_python:
        sigal = os.path.join(os.path.dirname(sigal_python), "sigal")
        out = os.path.join(WORK, "sigal")
        shutil.rmtree(out, ignore_errors=True)
        config = os.path.join(WORK, "sigal.conf.py")
        with open(config, "w") as f:
            f.write(f"source = {os.path.dirname(photos)!r}\ndestination = {out!r}\n")
        sigal_seconds = run([sigal, "build", "-c", config, "--quiet"], cwd=WORK)
        made = [os.path.join(root, f) for root, _, names in os.walk(out) for f in names if f.endswith((".webm", ".mp4"))]
        for path in made:
            codec, width, height, size = probe(path)
            print(f"\nsigal (its defaults: video_format webm, video_size 480x360): {sigal_seconds:.1f} s, {codec} {width}x{height}, "
                  f"{size / 1e6:.2f} MB, SSIM {ssim(path, clip, width, height):.4f}")


if __name__ == "__main__":
    main()
    beside_photos(os.path.abspath(sys.argv[1]), 8)
