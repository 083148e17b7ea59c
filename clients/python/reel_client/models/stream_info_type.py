from enum import StrEnum


class StreamInfoType(StrEnum):
    ATTACHMENT = "attachment"
    AUDIO = "audio"
    DATA = "data"
    OTHER = "other"
    SUBTITLE = "subtitle"
    VIDEO = "video"

    def __str__(self) -> str:
        return str(self.value)
