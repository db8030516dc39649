#!/usr/bin/env bash
# Make the native OCR engine available: Debian's tesseract 5 with its English model
# (tesseract-ocr, tesseract-ocr-eng). Idempotent. Used by .ci/run so that the PostgreSQL
# pass runs the OCR tests on the native engine (OCR_ENGINE=native) while `npm test` runs
# them on tesseract.js: each engine once, at no extra test time.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
APT=(apt-get -o DPkg::Lock::Timeout=900)

if tesseract --list-langs 2>/dev/null | grep -qx eng; then
  echo "[tesseract] already installed: $(tesseract --version 2>&1 | head -1)"
  exit 0
fi
"${APT[@]}" update -qq
"${APT[@]}" install -y -qq --no-install-recommends tesseract-ocr tesseract-ocr-eng >/dev/null
tesseract --list-langs 2>/dev/null | grep -qx eng
echo "[tesseract] installed: $(tesseract --version 2>&1 | head -1)"
