from enum import StrEnum


class AssetStatus(StrEnum):
    FAILED = "failed"
    IMPORTING = "importing"
    READY = "ready"
    UPLOADING = "uploading"

    def __str__(self) -> str:
        return str(self.value)
