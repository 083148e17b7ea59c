from enum import StrEnum


class WebhookEvent(StrEnum):
    CANCELED = "canceled"
    FAILED = "failed"
    PROGRESS = "progress"
    SUCCEEDED = "succeeded"

    def __str__(self) -> str:
        return str(self.value)
