// The library is one import: a program that imports ImgSiteCore gets the
// settings, sources and plans (ImgSitePlanning) and the media
// (ImgSiteMedia) that its public types are made of.
@_exported import ImgSiteMedia
@_exported import ImgSitePlanning
