/// Scales a region of a decoded picture into a region of an output frame, converting its colour
/// on the way: `Scaler` (swscale, a matrix and range change) or `ColorConverter` (zimg, through
/// linear light).
protocol PictureScaler: AnyObject {
    func scale(_ src: Frame, rect: PixelRect, into dst: Frame, at dstRect: PixelRect) throws
}
