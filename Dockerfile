# Scanline on Debian 12 (bookworm): the scanline binary, its Debian libraries, ffmpeg and fonts.
# Not built here (this machine runs no Docker engine); kept minimal and checked by reading.
# See docs/SCALE.md.
#
#   docker build -t scanline .                    # the slim image: scenes, transcripts, join, batch
#   docker build --target build -t scanline-dev . # with the toolchain: your own .swift and .metal files
ARG SWIFT_VERSION=6.3.1

FROM swift:${SWIFT_VERSION}-bookworm AS build
WORKDIR /src
COPY . .
# make install runs make setup (Debian's -dev packages and fonts), builds in release mode, and
# installs bin/scanline and the sources user files are built against.
RUN make install PREFIX=/usr/local DESTDIR=/out

FROM swift:${SWIFT_VERSION}-bookworm-slim
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libpangoft2-1.0-0 libharfbuzz0b libfontconfig1 \
        libpng16-16 libjpeg62-turbo libgif7 libwebp7 libwebpmux3 libwebpdemux2 zlib1g ffmpeg \
        fonts-noto-core fonts-noto-extra fonts-noto-mono fonts-noto-color-emoji fonts-noto-cjk \
        fonts-dejavu-core fonts-quicksand fonts-material-design-icons-iconfont \
    && rm -rf /var/lib/apt/lists/* && fc-cache -f
COPY --from=build /out/usr/local/ /usr/local/
RUN scanline version --libraries
ENTRYPOINT []
CMD ["scanline", "--help"]
