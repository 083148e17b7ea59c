from enum import StrEnum


class CaptionsInfoFormat(StrEnum):
    SRT = "srt"
    WEBVTT = "webvtt"

    def __str__(self) -> str:
        return str(self.value)
