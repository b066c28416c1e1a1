#!/usr/bin/env python3
"""Why each photo's width ladder has a phase of its own (docs/how-it-works.md, "Widths").

A simulation of the default theme's justified rows (the model of
`JustifiedRows` and `ThemeLayout`: row heights 0.30 / 0.22 / 0.16 of the
content width from 0 / 600 / 1,000 px, content at most 1,600 px less 32 px of
padding, gap 0.6 %) and of the browser's choice (the narrowest file at least
as wide as the device pixels painted). For each library it takes 33 viewport
widths (30 random in 320–2,560 px, and 1,680, 1,920 and 2,560) × densities
1, 1.5, 2, 2.625 and 3, and at each the median of decoded over painted
pixels of the first N photos (those in view). It reports the share of
(viewport, density) points whose median is over 1.3×, and the worst, for
ladders without a phase (all photos of one size share one ladder) and with
a random phase per photo, as a content hash gives.

    python3 ladder_phase.py [STEP [WIDE_STEP]]

STEP (default 1.15) is `width_step`, the ratio of one width to the next up
to 1,600 px; WIDE_STEP (default the larger of 1.3 and STEP) is
`wide_width_step`, the ratio above.
"""
import random
import statistics
import sys

STEP = float(sys.argv[1]) if len(sys.argv) > 1 else 1.15
WIDE_STEP = float(sys.argv[2]) if len(sys.argv) > 2 else max(1.3, STEP)
WIDE_FROM = 1600
BANDS = [(0, 0.30), (600, 0.22), (1000, 0.16)]
GAP = 0.006


def content_width(viewport):
    return min(viewport, 1600) - 32


def row_height(viewport):
    return [height for start, height in BANDS if start <= viewport][-1]


def shares(aspects, height):
    """Each photo's share of the content width, as flexbox lays the rows out."""
    bases = [a * height for a in aspects] + [0]  # the last line's filler
    out, start = [], 0
    while start < len(aspects):
        end, used = start + 1, bases[start]
        while end < len(bases) and used + GAP + bases[end] <= 1 + 1e-9:
            used += GAP + bases[end]
            end += 1
        line = range(start, min(end, len(aspects)))
        if end == len(bases):
            out += [min(bases[i], 1) for i in line]
        elif len(line) == 1 and used > 1:
            out += [1]
        else:
            grow = sum(aspects[i] for i in line)
            out += [bases[i] + (1 - used) * aspects[i] / grow for i in line]
        start = end
    return out


def step_below(width):
    return WIDE_STEP if width > WIDE_FROM else STEP


def ladder(top, phase):
    """`WidthPlanner.ladder`: the top, then from top / step^phase (a step
    lower if within 10 % of the top) down, a step apart (WIDE_STEP above
    1,600 px, STEP below)."""
    first = top / step_below(top) ** phase
    if first > top * 0.9:
        first /= step_below(top)
    widths, width = [top], round(first)
    while widths[-1] > 64 and 1 <= width < widths[-1]:
        widths.append(width)
        width = round(width / step_below(width))
    return widths


def medians(aspects, tops, phases, viewports, in_view):
    result = []
    ladders = [ladder(top, phase) for top, phase in zip(tops, phases)]
    for viewport in viewports:
        row = shares(aspects, row_height(viewport))
        for density in (1, 1.5, 2, 2.625, 3):
            ratios = []
            for i in range(in_view):
                painted = row[i] * content_width(viewport) * density
                wider = [w for w in ladders[i] if w >= painted]
                if wider:  # else the source itself is narrower: left out, as in the browser report
                    ratios.append((min(wider) / painted) ** 2)
            result.append(statistics.median(ratios))
    return result


def library(kind, rng, count=80):
    if kind == "one camera":  # 6000 × 4000, a fifth of them upright
        aspects = [1.5 if rng.random() < 0.8 else 2 / 3 for _ in range(count)]
        return aspects, [3840 if a > 1 else 2400 for a in aspects]
    aspects = [rng.choice([1.5, 4 / 3, 2 / 3, 3 / 4, 1, 16 / 9]) for _ in range(count)]
    return aspects, [rng.choice([3840, 3000, 2400, 1920]) if a >= 1 else rng.choice([2400, 2000, 1600]) for a in aspects]


def main():
    print(f"step {STEP}, {WIDE_STEP} above {WIDE_FROM} px; 12 libraries of 80 photos each, 33 viewports × 5 densities")
    print(f"{'library':12}{'in view':>8}  {'ladder':14}{'medians > 1.3':>14}{'worst':>7}")
    for kind in ("one camera", "mixed"):
        for in_view in (12, 30):
            found = {"one per size": [], "phase each": []}
            for seed in range(12):
                rng = random.Random(seed)
                viewports = [rng.randint(320, 2560) for _ in range(30)] + [1680, 1920, 2560]
                aspects, tops = library(kind, rng)
                found["one per size"] += medians(aspects, tops, [0] * len(tops), viewports, in_view)
                found["phase each"] += medians(aspects, tops, [rng.random() for _ in tops], viewports, in_view)
            for name, values in found.items():
                over = sum(v > 1.3 for v in values) / len(values)
                print(f"{kind:12}{in_view:8}  {name:14}{over:13.0%}{max(values):7.2f}")


if __name__ == "__main__":
    main()
