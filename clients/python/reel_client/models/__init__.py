"""Contains all the data models used in inputs/outputs"""

from .animation_type_0 import AnimationType0
from .animation_type_1 import AnimationType1
from .animation_type_1_type import AnimationType1Type
from .asset import Asset
from .asset_import import AssetImport
from .asset_kind import AssetKind
from .asset_status import AssetStatus
from .asset_upload import AssetUpload
from .asset_upload_headers import AssetUploadHeaders
from .asset_upload_method import AssetUploadMethod
from .audio_settings import AudioSettings
from .audio_settings_channels import AudioSettingsChannels
from .audio_settings_codec import AudioSettingsCodec
from .audio_settings_sample_rate import AudioSettingsSampleRate
from .batch import Batch
from .batch_counts import BatchCounts
from .batch_from_template import BatchFromTemplate
from .batch_of_specs import BatchOfSpecs
from .batch_status import BatchStatus
from .batch_webhook import BatchWebhook
from .captions_info import CaptionsInfo
from .captions_info_format import CaptionsInfoFormat
from .chapter import Chapter
from .chroma_key import ChromaKey
from .color_card_item import ColorCardItem
from .color_description import ColorDescription
from .color_description_content_light_level import ColorDescriptionContentLightLevel
from .color_description_hdr_type_1 import ColorDescriptionHdrType1
from .color_description_hdr_type_2_type_1 import ColorDescriptionHdrType2Type1
from .color_description_hdr_type_3_type_1 import ColorDescriptionHdrType3Type1
from .color_description_mastering_display import ColorDescriptionMasteringDisplay
from .color_description_range import ColorDescriptionRange
from .crop_rect import CropRect
from .destination_state import DestinationState
from .destination_state_status import DestinationStateStatus
from .destination_state_type import DestinationStateType
from .direction import Direction
from .filter_type_0 import FilterType0
from .filter_type_1 import FilterType1
from .filter_type_1_type import FilterType1Type
from .fit import Fit
from .font import Font
from .font_info import FontInfo
from .font_style import FontStyle
from .font_weight_type_0 import FontWeightType0
from .gradient import Gradient
from .gradient_stop import GradientStop
from .gradient_type import GradientType
from .health_response_200 import HealthResponse200
from .job import Job
from .job_error import JobError
from .job_list import JobList
from .job_live import JobLive
from .job_live_outputs_item import JobLiveOutputsItem
from .job_metadata import JobMetadata
from .job_output import JobOutput
from .job_output_loudness import JobOutputLoudness
from .job_priority import JobPriority
from .job_spec_schema_response_200 import JobSpecSchemaResponse200
from .job_spec_schema_response_200_defs import JobSpecSchemaResponse200Defs
from .job_status import JobStatus
from .job_webhook import JobWebhook
from .key import Key
from .key_list import KeyList
from .key_request import KeyRequest
from .key_request_scope import KeyRequestScope
from .key_scope import KeyScope
from .keyframe import Keyframe
from .keyframe_easing import KeyframeEasing
from .keyframe_mask_frame import KeyframeMaskFrame
from .list_assets_kind import ListAssetsKind
from .list_assets_response_200 import ListAssetsResponse200
from .list_jobs_include import ListJobsInclude
from .list_jobs_metadata import ListJobsMetadata
from .list_templates_include import ListTemplatesInclude
from .list_templates_response_200 import ListTemplatesResponse200
from .lottie_info import LottieInfo
from .loudness import Loudness
from .loudness_target_type_1 import LoudnessTargetType1
from .media_info import MediaInfo
from .media_info_chapters_item import MediaInfoChaptersItem
from .media_info_metadata import MediaInfoMetadata
from .media_video_item import MediaVideoItem
from .media_video_item_motion import MediaVideoItemMotion
from .merge_values import MergeValues
from .metadata import Metadata
from .music_item import MusicItem
from .music_item_duck_under import MusicItemDuckUnder
from .new_key import NewKey
from .new_key_scope import NewKeyScope
from .otio_timeline import OTIOTimeline
from .otio_timeline_tracks import OTIOTimelineTracks
from .output import Output
from .output_color import OutputColor
from .output_destinations_item import OutputDestinationsItem
from .output_destinations_item_type import OutputDestinationsItemType
from .output_format import OutputFormat
from .output_hls import OutputHls
from .output_hls_renditions_item import OutputHlsRenditionsItem
from .output_preset import OutputPreset
from .output_subtitles_item import OutputSubtitlesItem
from .overlay import Overlay
from .overlay_align import OverlayAlign
from .overlay_blend import OverlayBlend
from .overlay_box import OverlayBox
from .overlay_frame import OverlayFrame
from .overlay_highlight import OverlayHighlight
from .overlay_mode import OverlayMode
from .overlay_shadow import OverlayShadow
from .overlay_shape import OverlayShape
from .overlay_size import OverlaySize
from .overlay_style import OverlayStyle
from .overlay_type import OverlayType
from .placeholder import Placeholder
from .placeholder_declaration import PlaceholderDeclaration
from .placeholder_declaration_type import PlaceholderDeclarationType
from .placeholder_type import PlaceholderType
from .point_type_1 import PointType1
from .preview_request import PreviewRequest
from .preview_request_format import PreviewRequestFormat
from .preview_request_merge import PreviewRequestMerge
from .probe_request import ProbeRequest
from .problem import Problem
from .problem_errors_item import ProblemErrorsItem
from .readiness import Readiness
from .readiness_status import ReadinessStatus
from .shape import Shape
from .shape_frame import ShapeFrame
from .shape_shape import ShapeShape
from .shape_stroke import ShapeStroke
from .shape_stroke_cap import ShapeStrokeCap
from .shape_stroke_join import ShapeStrokeJoin
from .stream_info import StreamInfo
from .stream_info_rotation import StreamInfoRotation
from .stream_info_type import StreamInfoType
from .template import Template
from .template_job_request import TemplateJobRequest
from .template_job_request_merge import TemplateJobRequestMerge
from .template_placeholders import TemplatePlaceholders
from .template_request import TemplateRequest
from .template_request_placeholders import TemplateRequestPlaceholders
from .template_request_spec import TemplateRequestSpec
from .template_spec import TemplateSpec
from .text_stroke import TextStroke
from .time_range import TimeRange
from .timeline import Timeline
from .transition import Transition
from .transition_type import TransitionType
from .upload_request import UploadRequest
from .validation import Validation
from .validation_errors_item import ValidationErrorsItem
from .validation_output import ValidationOutput
from .validation_output_audio_codec import ValidationOutputAudioCodec
from .validation_output_color import ValidationOutputColor
from .validation_output_video_codec import ValidationOutputVideoCodec
from .video_settings import VideoSettings
from .video_settings_codec import VideoSettingsCodec
from .video_settings_preset import VideoSettingsPreset
from .voice_over import VoiceOver
from .voice_over_duck_under import VoiceOverDuckUnder
from .volume_point import VolumePoint
from .waveform import Waveform
from .waveform_request import WaveformRequest
from .webhook_delivery import WebhookDelivery
from .webhook_delivery_status import WebhookDeliveryStatus
from .webhook_event import WebhookEvent
from .webhook_spec import WebhookSpec

__all__ = (
    "AnimationType0",
    "AnimationType1",
    "AnimationType1Type",
    "Asset",
    "AssetImport",
    "AssetKind",
    "AssetStatus",
    "AssetUpload",
    "AssetUploadHeaders",
    "AssetUploadMethod",
    "AudioSettings",
    "AudioSettingsChannels",
    "AudioSettingsCodec",
    "AudioSettingsSampleRate",
    "Batch",
    "BatchCounts",
    "BatchFromTemplate",
    "BatchOfSpecs",
    "BatchStatus",
    "BatchWebhook",
    "CaptionsInfo",
    "CaptionsInfoFormat",
    "Chapter",
    "ChromaKey",
    "ColorCardItem",
    "ColorDescription",
    "ColorDescriptionContentLightLevel",
    "ColorDescriptionHdrType1",
    "ColorDescriptionHdrType2Type1",
    "ColorDescriptionHdrType3Type1",
    "ColorDescriptionMasteringDisplay",
    "ColorDescriptionRange",
    "CropRect",
    "DestinationState",
    "DestinationStateStatus",
    "DestinationStateType",
    "Direction",
    "FilterType0",
    "FilterType1",
    "FilterType1Type",
    "Fit",
    "Font",
    "FontInfo",
    "FontStyle",
    "FontWeightType0",
    "Gradient",
    "GradientStop",
    "GradientType",
    "HealthResponse200",
    "Job",
    "JobError",
    "JobList",
    "JobLive",
    "JobLiveOutputsItem",
    "JobMetadata",
    "JobOutput",
    "JobOutputLoudness",
    "JobPriority",
    "JobSpecSchemaResponse200",
    "JobSpecSchemaResponse200Defs",
    "JobStatus",
    "JobWebhook",
    "Key",
    "Keyframe",
    "KeyframeEasing",
    "KeyframeMaskFrame",
    "KeyList",
    "KeyRequest",
    "KeyRequestScope",
    "KeyScope",
    "ListAssetsKind",
    "ListAssetsResponse200",
    "ListJobsInclude",
    "ListJobsMetadata",
    "ListTemplatesInclude",
    "ListTemplatesResponse200",
    "LottieInfo",
    "Loudness",
    "LoudnessTargetType1",
    "MediaInfo",
    "MediaInfoChaptersItem",
    "MediaInfoMetadata",
    "MediaVideoItem",
    "MediaVideoItemMotion",
    "MergeValues",
    "Metadata",
    "MusicItem",
    "MusicItemDuckUnder",
    "NewKey",
    "NewKeyScope",
    "OTIOTimeline",
    "OTIOTimelineTracks",
    "Output",
    "OutputColor",
    "OutputDestinationsItem",
    "OutputDestinationsItemType",
    "OutputFormat",
    "OutputHls",
    "OutputHlsRenditionsItem",
    "OutputPreset",
    "OutputSubtitlesItem",
    "Overlay",
    "OverlayAlign",
    "OverlayBlend",
    "OverlayBox",
    "OverlayFrame",
    "OverlayHighlight",
    "OverlayMode",
    "OverlayShadow",
    "OverlayShape",
    "OverlaySize",
    "OverlayStyle",
    "OverlayType",
    "Placeholder",
    "PlaceholderDeclaration",
    "PlaceholderDeclarationType",
    "PlaceholderType",
    "PointType1",
    "PreviewRequest",
    "PreviewRequestFormat",
    "PreviewRequestMerge",
    "ProbeRequest",
    "Problem",
    "ProblemErrorsItem",
    "Readiness",
    "ReadinessStatus",
    "Shape",
    "ShapeFrame",
    "ShapeShape",
    "ShapeStroke",
    "ShapeStrokeCap",
    "ShapeStrokeJoin",
    "StreamInfo",
    "StreamInfoRotation",
    "StreamInfoType",
    "Template",
    "TemplateJobRequest",
    "TemplateJobRequestMerge",
    "TemplatePlaceholders",
    "TemplateRequest",
    "TemplateRequestPlaceholders",
    "TemplateRequestSpec",
    "TemplateSpec",
    "TextStroke",
    "Timeline",
    "TimeRange",
    "Transition",
    "TransitionType",
    "UploadRequest",
    "Validation",
    "ValidationErrorsItem",
    "ValidationOutput",
    "ValidationOutputAudioCodec",
    "ValidationOutputColor",
    "ValidationOutputVideoCodec",
    "VideoSettings",
    "VideoSettingsCodec",
    "VideoSettingsPreset",
    "VoiceOver",
    "VoiceOverDuckUnder",
    "VolumePoint",
    "Waveform",
    "WaveformRequest",
    "WebhookDelivery",
    "WebhookDeliveryStatus",
    "WebhookEvent",
    "WebhookSpec",
)
