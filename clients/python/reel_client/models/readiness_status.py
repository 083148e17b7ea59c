from enum import StrEnum


class ReadinessStatus(StrEnum):
    READY = "ready"
    UNAVAILABLE = "unavailable"

    def __str__(self) -> str:
        return str(self.value)
