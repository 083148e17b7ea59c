from enum import StrEnum


class OverlayShape(StrEnum):
    ELLIPSE = "ellipse"
    LINE = "line"
    PATH = "path"
    POLYGON = "polygon"
    RECT = "rect"

    def __str__(self) -> str:
        return str(self.value)
