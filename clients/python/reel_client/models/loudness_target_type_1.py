from enum import StrEnum


class LoudnessTargetType1(StrEnum):
    ATSC = "atsc"
    BROADCAST = "broadcast"
    PODCAST = "podcast"
    STREAMING = "streaming"

    def __str__(self) -> str:
        return str(self.value)
