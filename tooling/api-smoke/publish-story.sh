#!/usr/bin/env bash
# Publishes a story through Quire's public /v1 API with curl, as a writer's script or a static-site generator
# would: who am I, then a Markdown story as a public post. Usage: publish-story.sh <origin> <integration token>.
# Prints the published story's URL; exits non-zero on any refusal.
set -euo pipefail
origin="${1:?usage: publish-story.sh <origin> <token>}"
token="${2:?usage: publish-story.sh <origin> <token>}"

api() { curl --silent --show-error --fail-with-body -H "Authorization: Bearer $token" -H 'Accept: application/json' "$@"; }

me=$(api "$origin/v1/me")
user_id=$(printf '%s' "$me" | sed -n 's/.*"id":"\([^"]*\)".*/\1/p')
[ -n "$user_id" ] || { echo "publish-story: no user id in $me" >&2; exit 1; }

body='{"title":"Published with curl","contentFormat":"markdown","content":"# Published with curl\n\nA story sent by a **script**.\n\n- one\n- two","tags":["automation"],"publishStatus":"public"}'
post=$(api -X POST -H 'Content-Type: application/json' --data "$body" "$origin/v1/users/$user_id/posts")
url=$(printf '%s' "$post" | sed -n 's/.*"url":"\([^"]*\)".*/\1/p')
[ -n "$url" ] || { echo "publish-story: no url in $post" >&2; exit 1; }
echo "$url"
