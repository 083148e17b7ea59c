from enum import StrEnum


class VideoSettingsCodec(StrEnum):
    H264 = "h264"
    HEVC = "hevc"
    PRORES = "prores"
    VP9 = "vp9"

    def __str__(self) -> str:
        return str(self.value)
