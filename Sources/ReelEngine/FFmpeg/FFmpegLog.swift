import CFFmpeg

/// FFmpeg's own console logging. Reel reports failures through its errors, so by default only
/// FFmpeg's errors reach standard error; `verbose` shows its warnings and encoder summaries too.
public enum FFmpegLog {
    public static func configure(verbose: Bool) {
        av_log_set_level(verbose ? AV_LOG_INFO : AV_LOG_ERROR)
    }
}
