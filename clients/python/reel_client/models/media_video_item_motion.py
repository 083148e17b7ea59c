from enum import StrEnum


class MediaVideoItemMotion(StrEnum):
    PANLEFT = "panLeft"
    PANRIGHT = "panRight"
    ZOOMIN = "zoomIn"
    ZOOMOUT = "zoomOut"

    def __str__(self) -> str:
        return str(self.value)
