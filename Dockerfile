FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml ./
COPY . .
RUN pip install --no-cache-dir -e . && DJANGO_SECRET_KEY=build python manage.py collectstatic --noinput --settings=config.settings.production
EXPOSE 8000
CMD ["sh", "config/web.sh"]
