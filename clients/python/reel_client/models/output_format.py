from enum import StrEnum


class OutputFormat(StrEnum):
    GIF = "gif"
    HLS = "hls"
    JPG = "jpg"
    M4A = "m4a"
    M4V = "m4v"
    MOV = "mov"
    MP4 = "mp4"
    PNG = "png"
    WEBM = "webm"

    def __str__(self) -> str:
        return str(self.value)
