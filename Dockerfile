# ML Explorer in a container: `streamlit run app.py` on 0.0.0.0:8501 as a non-root user.
# Locally, `make run` and `make test` stay the way to work; deploy/ runs several replicas behind nginx.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

RUN useradd --create-home --uid 10001 app
WORKDIR /app

COPY requirements.txt .
RUN pip install -r requirements.txt

# The code stays owned by root: the app user can read it, not change it.
COPY . .

USER app
EXPOSE 8501
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
    CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8501/_stcore/health', timeout=4)"
CMD ["python", "-m", "streamlit", "run", "serve.py", \
     "--server.address=0.0.0.0", "--server.port=8501", "--server.headless=true"]
