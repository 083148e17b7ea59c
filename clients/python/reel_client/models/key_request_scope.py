from enum import StrEnum


class KeyRequestScope(StrEnum):
    FULL = "full"
    READ = "read"

    def __str__(self) -> str:
        return str(self.value)
