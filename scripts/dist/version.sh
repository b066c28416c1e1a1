#!/usr/bin/env bash
# The version `imgsite --version` prints, read from the source (the one place it is set).
sed -n 's/.*static let current = "\(.*\)".*/\1/p' "$(dirname "$0")/../../Sources/ImgSitePlanning/ImgSiteVersion.swift"
