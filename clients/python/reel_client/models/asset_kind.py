from enum import StrEnum


class AssetKind(StrEnum):
    CAPTIONS = "captions"
    FONT = "font"
    MEDIA = "media"

    def __str__(self) -> str:
        return str(self.value)
