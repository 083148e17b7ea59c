import CFFmpeg
@testable import ReelEngine
import XCTest

/// Every FFmpeg error code reaches a user as words that say what to do, never "Error number N".
final class FFmpegErrorTextTests: XCTestCase {
    func testACodeFFmpegHasNoWordsForIsNamedAndExplained() {
        // What three mutated MPEG-TS inputs returned (a decoder's private value).
        let text = FFmpegError(-67_308_554, "avcodec_send_packet").message
        XCTAssertFalse(text.contains("Error number"), text)
        XCTAssertTrue(text.contains("-67308554"), text)
        XCTAssertTrue(text.contains("upload it again"), text)
    }

    func testTheCodesUsersMeetSayWhatToDo() {
        let invalid = FFmpegError(reel_averror_invaliddata(), "avformat_open_input").message
        XCTAssertTrue(invalid.hasPrefix("Invalid data found when processing input"), invalid)
        XCTAssertTrue(invalid.contains("upload it again"), invalid)
        XCTAssertTrue(FFmpegError(reel_averror_decoder_not_found(), "avcodec_find_decoder").message.contains("convert it"))
        XCTAssertTrue(FFmpegError(reel_averror_eof(), "av_read_frame").message.contains("ends early"))
        XCTAssertEqual(FFmpegError(reel_averror(ENOMEM), "av_frame_get_buffer").message, "Cannot allocate memory", "errno codes keep FFmpeg's words")
    }
}
