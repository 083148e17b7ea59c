from enum import StrEnum


class ValidationOutputVideoCodec(StrEnum):
    H264 = "h264"
    HEVC = "hevc"
    PRORES = "prores"
    VP9 = "vp9"

    def __str__(self) -> str:
        return str(self.value)
