# Production image: dependencies from the hash-locked requirements.lock, static files collected at
# build, run as an unprivileged user. Rebuild the lock after editing pyproject.toml:
#   uv pip compile pyproject.toml --python-version 3.11 --universal --generate-hashes -o requirements.lock

FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONDONTWRITEBYTECODE=1
RUN python -m venv /venv
ENV PATH=/venv/bin:$PATH
COPY requirements.lock /tmp/requirements.lock
RUN pip install --require-hashes --no-deps -r /tmp/requirements.lock
WORKDIR /app
COPY manage.py pyproject.toml ./
COPY config config
COPY core core
COPY accounts accounts
COPY games games
COPY seasons seasons
COPY reach reach
COPY story story
COPY alerts alerts
COPY templates templates
COPY static static
COPY deploy deploy
# A throwaway key: production settings refuse to load without one, and collectstatic needs no real secret.
RUN DJANGO_SECRET_KEY="$(python -c 'import secrets; print(secrets.token_urlsafe(50))')" \
    python manage.py collectstatic --noinput --settings=config.settings.production \
 && python -m compileall -q config core accounts games seasons reach story alerts

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PATH=/venv/bin:$PATH \
    DJANGO_SETTINGS_MODULE=config.settings.production
RUN groupadd --system --gid 10001 garnet && useradd --system --uid 10001 --gid garnet --home-dir /app garnet
COPY --from=build /venv /venv
COPY --from=build --chown=root:root /app /app
WORKDIR /app
USER garnet
EXPOSE 8000
ENTRYPOINT ["/app/deploy/entrypoint.sh"]
CMD ["sh", "config/web.sh"]
