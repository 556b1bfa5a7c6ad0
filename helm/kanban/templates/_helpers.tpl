{{/* Labels on every object of the release; those of one service add kanban.selectorLabels. */}}
{{- define "kanban.commonLabels" -}}
app.kubernetes.io/part-of: kanban
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* Labels of an object that belongs to no single service (ConfigMap, Secret, Ingress). */}}
{{- define "kanban.labels" -}}
{{ include "kanban.commonLabels" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/* Selector labels of one service; call with (dict "root" $ "name" "gateway"). */}}
{{- define "kanban.selectorLabels" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end -}}

{{/* Image of one component; call with (dict "root" $ "name" "gateway" "image" .image). */}}
{{- define "kanban.image" -}}
{{- $image := .image | default dict -}}
{{- $repository := $image.repository | default (printf "%s/%s" .root.Values.image.registry .name) -}}
{{- $tag := $image.tag | default .root.Values.image.tag | default .root.Chart.AppVersion -}}
{{- printf "%s:%s" $repository $tag -}}
{{- end -}}

{{/* Name of the Secret with the services' NATS passwords (NATS_PASSWORD_<SERVICE>). */}}
{{- define "kanban.natsSecretName" -}}
{{- .Values.nats.auth.existingSecret | default (printf "%s-nats" .Release.Name) -}}
{{- end }}

{{/* Name of the Secret with DATABASE_URL, JWT_SECRET, SMTP_URL, API_KEY_WEB, API_KEY_APP. */}}
{{- define "kanban.secretName" -}}
{{- .Values.secrets.existingSecret | default (printf "%s-secrets" .Release.Name) -}}
{{- end -}}

{{/* An environment value as a quoted string; whole numbers from the values stay whole (2592000, not 2.592e+06). */}}
{{- define "kanban.envValue" -}}
{{- if and (kindIs "float64" .) (eq (floor .) .) -}}
{{- int64 . | toString | quote -}}
{{- else -}}
{{- toString . | quote -}}
{{- end -}}
{{- end -}}
