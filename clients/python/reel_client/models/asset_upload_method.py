from enum import StrEnum


class AssetUploadMethod(StrEnum):
    PUT = "PUT"

    def __str__(self) -> str:
        return str(self.value)
