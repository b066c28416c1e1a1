#!/usr/bin/env bash
# Makes the test clips of Tests/Corpus/video/ from corpus photos with the ffmpeg command (Debian 12's 5.1; `apt-get
# install ffmpeg`): slow pans over photos/nature, each a second or two, each under 1 MB. What each exercises is in
# Tests/Corpus/README.md. Run again only to change them: the tests read the committed files.
set -euo pipefail
cd "$(dirname "$0")/../.."
photos=Tests/Corpus/photos/nature
out=Tests/Corpus/video
mkdir -p "$out"
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }
# A pan across a photo: W×H frames, S seconds at R frames a second.
pan() { echo "scale=1280:-2,zoompan=z='1.2':x='iw/2-(iw/zoom/2)+on*2':y='ih/2-(ih/zoom/2)':d=1:s=$1:fps=$2,format=yuv420p"; }
tone="sine=frequency=440:sample_rate=48000"

# A phone held upright: stored landscape, a display matrix turning it 90° clockwise, AAC sound, a capture date and a
# location (QuickTime's ISO 6709 key and the ©xyz atom) that must never reach an output.
# (5.1 writes the display matrix only when the streams are copied: encoded first, then remuxed.)
ff -loop 1 -i "$photos/Aqua.jpg" -f lavfi -i "$tone" -t 2 -vf "$(pan 480x270 30)" -c:v libx264 -preset veryfast -crf 30 \
   -c:a aac -b:a 64k /tmp/imgsite-upright.mp4
ff -i /tmp/imgsite-upright.mp4 -c copy -metadata:s:v:0 rotate=270 -metadata creation_time=2024-06-01T10:20:30Z \
   -metadata location=+57.2000-006.1000/ -metadata com.apple.quicktime.location.ISO6709=+57.2000-006.1000+010.000/ \
   -movflags +faststart+use_metadata_tags "$out/upright-phone.mp4"
rm -f /tmp/imgsite-upright.mp4
# An iPhone's HDR clip: HEVC 10-bit, HLG transfer, BT.2020 colours, no sound.
ff -loop 1 -i "$photos/Garden.jpg" -t 1.5 -vf "$(pan 480x270 30),format=yuv420p10le" -c:v libx265 -preset ultrafast -crf 32 \
   -x265-params log-level=error -tag:v hvc1 -color_primaries bt2020 -color_trc arib-std-b67 -colorspace bt2020nc \
   -metadata creation_time=2024-06-02T08:00:00Z "$out/hdr-hlg.mov"
# Variable frame rate: every third frame dropped, timestamps kept; VP9 and Opus in WebM.
ff -loop 1 -i "$photos/LadyBird.jpg" -f lavfi -i "$tone" -t 2 -vf "$(pan 320x180 30),select='not(eq(mod(n\,3)\,2))'" \
   -fps_mode vfr -c:v libvpx-vp9 -b:v 200k -deadline realtime -c:a libopus -b:a 32k "$out/variable-rate.webm"
# sigal's sample gallery holds an .ogv: Theora.
ff -loop 1 -i "$photos/Storm.jpg" -t 1 -vf "$(pan 320x180 25)" -c:v libtheora -q:v 5 "$out/theora.ogv"
# HD, two rungs of the ladder (720 and 480 lines): a browser at a phone's width loads the small one.
ff -loop 1 -i "$photos/Dune.jpg" -f lavfi -i "$tone" -t 2 -vf "$(pan 1280x720 25)" -c:v libx264 -preset veryfast -crf 34 \
   -c:a aac -b:a 48k -movflags +faststart "$out/hd-pan.mp4"
# An iPhone Live Photo's motion: a .mov with Apple's content identifier (5 s: the identifier, not the length, tells).
ff -loop 1 -i "$photos/RainDrops.jpg" -t 5 -vf "$(pan 320x180 15)" -c:v libx264 -preset veryfast -crf 34 \
   -metadata com.apple.quicktime.content.identifier=6F1C2A9E-0D4B-4C55-9E2D-6D8F0C7A1B23 -movflags +use_metadata_tags \
   "$out/live-photo.mov"
# A black opening that fades in: its poster is a frame after the fade, not the black or a dim one.
ff -loop 1 -i "$photos/GreenMeadow.jpg" -t 3 -vf "$(pan 320x180 25),fade=t=in:st=1:d=1" -c:v libx264 -preset veryfast -crf 30 \
   "$out/fade-in.mp4"
# What older cameras and phones wrote: MPEG-4 Part 2 with PCM sound in AVI, MPEG-4 with AAC in 3GP; VP9 with MP3 in
# Matroska; H.264 in an .m4v.
ff -loop 1 -i "$photos/YellowFlower.jpg" -f lavfi -i "sine=frequency=440:sample_rate=32000" -t 1.5 -vf "$(pan 320x240 15)" \
   -c:v mpeg4 -q:v 6 -c:a pcm_s16le -ac 1 "$out/camera-mpeg4-pcm.avi"
ff -loop 1 -i "$photos/Blinds.jpg" -f lavfi -i "$tone" -t 1.5 -vf "$(pan 176x144 15)" -c:v mpeg4 -q:v 8 -c:a aac -b:a 32k -ac 1 \
   "$out/old-phone.3gp"
ff -loop 1 -i "$photos/FreshFlower.jpg" -f lavfi -i "$tone" -t 1.5 -vf "$(pan 320x180 25)" -c:v libvpx-vp9 -b:v 150k \
   -deadline realtime -c:a libmp3lame -b:a 64k "$out/vp9-mp3.mkv"
ff -loop 1 -i "$photos/TwoWings.jpg" -f lavfi -i "$tone" -t 1.5 -vf "$(pan 320x180 25)" -c:v libx264 -preset veryfast -crf 32 \
   -c:a aac -b:a 48k "$out/tv.m4v"
# Encrypted (CENC, AES-CTR) without a 'pssh' box: only its packets say so; its frames never decode without the key.
ff -loop 1 -i "$photos/TwoWings.jpg" -f lavfi -i "$tone" -t 1.5 -vf "$(pan 320x180 25)" -c:v libx264 -preset veryfast -crf 32 \
   -c:a aac -b:a 48k -encryption_scheme cenc-aes-ctr -encryption_key 76a6c65c5ea762046bd749a2e632ccbb \
   -encryption_kid a7e61c373e219033c21091fa607bf3b8 "$out/encrypted.mp4"
# Sound only, named like a clip: no video stream.
ff -f lavfi -i "$tone" -t 1 -c:a aac -b:a 48k "$out/no-video.mp4"
# Damaged: the first half of a clip whose index (moov) is at its end.
ff -loop 1 -i "$photos/Wood.jpg" -t 1 -vf "$(pan 320x180 25)" -c:v libx264 -preset veryfast -crf 30 /tmp/imgsite-whole.mp4
head -c $(( $(stat -c %s /tmp/imgsite-whole.mp4) / 2 )) /tmp/imgsite-whole.mp4 > "$out/damaged.mp4"
rm -f /tmp/imgsite-whole.mp4
# A tiny clip held upright, 60 × 100 as shown (stored 100 × 60, turned): under SVT-AV1's 64-pixel side, so AV1 is left out.
ff -loop 1 -i "$photos/Aqua.jpg" -t 1 -vf "$(pan 100x60 15)" -c:v libx264 -preset veryfast -crf 32 /tmp/imgsite-tiny.mp4
ff -i /tmp/imgsite-tiny.mp4 -c copy -metadata:s:v:0 rotate=270 -movflags +faststart "$out/tiny-upright.mp4"
rm -f /tmp/imgsite-tiny.mp4
ls -l "$out"
