from enum import StrEnum


class ShapeShape(StrEnum):
    ELLIPSE = "ellipse"
    LINE = "line"
    PATH = "path"
    POLYGON = "polygon"
    RECT = "rect"

    def __str__(self) -> str:
        return str(self.value)
